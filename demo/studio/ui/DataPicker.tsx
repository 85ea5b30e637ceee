import { h } from 'preact';
import { useState } from 'preact/hooks';
import type { AlgorithmDescriptor, WidgetProduct } from '../../../src/types/interface';
import { EDGE_CASES, type EdgeCase } from '../data/edgeEnvelope';
import { RadioGroup } from './RadioGroup';
import type { DataChoice, DataSource } from '../studioDraft';

/** What the sandbox offers to pick from; null while loading or when there is no sandbox. */
export interface SandboxCatalogue {
  algorithms: AlgorithmDescriptor[];
  /** Products of the store, as the bundle layout's anchor needs them. */
  products: WidgetProduct[];
  visitors: string[];
}

export interface DataPickerProps {
  data: DataChoice;
  catalogue: SandboxCatalogue | null;
  sandboxNote: string | null;
  status: string;
  error: string | null;
  onChange(data: DataChoice): void;
}

const sources: [DataSource, string][] = [['sandbox', 'Sandbox'], ['sample', 'Sample'], ['pasted', 'Paste JSON']];

/** Chooses the envelope the preview renders, and bends it into edge cases. */
export function DataPicker({ data, catalogue, sandboxNote, status, error, onChange }: DataPickerProps) {
  const [pasted, setPasted] = useState(data.pastedText);
  const set = (patch: Partial<DataChoice>): void => onChange({ ...data, ...patch });

  return (
    <section class="data" aria-label="Preview data">
      <div class="data__row">
        <span class="label">Data</span>
        <RadioGroup label="Data source" name="data-source" value={data.source} onChange={(source) => set({ source })}
          options={sources.map(([value, label]) => ({ value, label, disabled: value === 'sandbox' && !catalogue }))} />
        {data.source === 'sandbox' && !catalogue && <span class="hint">{sandboxNote ?? 'Connecting to the sandbox…'}</span>}
        <span class="data__status" aria-live="polite">{status}</span>
      </div>
      {data.source === 'sandbox' && catalogue && (
        <div class="data__fields">
          <label>Algorithm
            <select value={data.algorithm} onChange={(e) => set({ algorithm: e.currentTarget.value })}>
              {catalogue.algorithms.map((a) => <option value={a.name} key={a.name}>{a.displayName}</option>)}
            </select>
          </label>
          <label>Product
            <select value={data.sku} onChange={(e) => {
              const p = catalogue.products.find((x) => x.sku === e.currentTarget.value);
              if (p) set({ sku: p.sku, pname: p.name });
            }}>
              {catalogue.products.map((p) => <option value={p.sku} key={p.sku}>{p.name}</option>)}
            </select>
          </label>
          <label>Visitor
            <input list="studio-visitors" value={data.siteUid} size={12}
              onChange={(e) => set({ siteUid: e.currentTarget.value.trim() })} />
            <datalist id="studio-visitors">
              {catalogue.visitors.map((v) => <option value={v} key={v} />)}
            </datalist>
          </label>
        </div>
      )}
      {data.source === 'pasted' && (
        <div class="data__paste">
          <textarea aria-label="Widget envelope JSON" spellcheck={false} value={pasted}
            placeholder='{"errMsg":null,"numberofdocs":1,"success":"0","widgetType":"trending","widgetName":"Trending","products":[…]}'
            onInput={(e) => setPasted(e.currentTarget.value)} />
          <button type="button" class="button" onClick={() => set({ pastedText: pasted })}>Use this envelope</button>
        </div>
      )}
      <div class="data__row">
        <span class="label">Edge cases</span>
        <RadioGroup<EdgeCase | 'none'> label="Edge case" name="edge-case" value={data.edge ?? 'none'}
          onChange={(edge) => set({ edge: edge === 'none' ? null : edge })}
          options={[{ value: 'none', label: 'None' }, ...EDGE_CASES.map((c) => ({ value: c.id, label: c.label }))]} />
      </div>
      {error && <p class="data__error" role="alert">{error}</p>}
    </section>
  );
}
