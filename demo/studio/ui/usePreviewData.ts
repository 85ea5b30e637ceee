import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Client } from '../../../src/client/index';
import type { WidgetEnvelope, WidgetProduct } from '../../../src/types/interface';
import { edgeEnvelope } from '../data/edgeEnvelope';
import { parsePastedEnvelope } from '../data/parsePastedEnvelope';
import { sampleEnvelope } from '../data/sampleEnvelope';
import type { DataChoice } from '../studioDraft';
import type { SandboxCatalogue } from './DataPicker';
import { VISITORS } from './useSandbox';

export interface PreviewData {
  envelope: WidgetEnvelope | null;
  /** The page's product for the bundle layout (sandbox data only). */
  anchor: WidgetProduct | null;
  status: string;
  error: string | null;
}

/** Turns the data choice into the envelope the preview renders, edge case applied. */
export function usePreviewData(data: DataChoice, client: Client | null, catalogue: SandboxCatalogue | null): PreviewData {
  const [base, setBase] = useState<WidgetEnvelope | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    // A failing source keeps the data shown so far; with nothing shown yet, the sample stands in.
    const fail = (message: string): void => {
      if (!current) return;
      setError(message);
      setStatus('');
      setBase((b) => b ?? sampleEnvelope());
    };
    const use = (envelope: WidgetEnvelope, text: string): void => {
      if (!current) return;
      setBase(envelope);
      setStatus(text);
      setError(null);
    };
    if (data.source === 'sample') {
      use(sampleEnvelope(), 'sample');
    } else if (data.source === 'pasted') {
      const pasted = data.pastedText ? parsePastedEnvelope(data.pastedText) : null;
      if (!pasted) fail('Paste a widget envelope and choose "Use this envelope".');
      else if (pasted.ok) use(pasted.envelope, 'pasted');
      else fail(pasted.error);
    } else if (client && data.sku) {
      setStatus('Loading…');
      const started = performance.now();
      client
        .widget(data.algorithm as Parameters<Client['widget']>[0], {
          divisionId: 'studio-preview',
          site_uid: data.siteUid || VISITORS[0],
          domain: location.hostname,
          pname: data.pname,
          sku: data.sku,
        })
        .then((envelope) => {
          if (envelope.products.length === 0) {
            fail(`${data.algorithm} has no products for this product and visitor; the preview keeps the last data. Try another visitor or product.`);
          } else {
            use(envelope, `sandbox · ${Math.round(performance.now() - started)} ms`);
          }
        })
        .catch((e: Error) => fail(`The sandbox refused: ${e.message}`));
    }
    return () => {
      current = false;
    };
  }, [data.source, data.algorithm, data.sku, data.siteUid, data.pastedText, client]);

  const anchor = useMemo(
    () => (data.source === 'sandbox' ? catalogue?.products.find((p) => p.sku === data.sku) ?? null : null),
    [data.source, data.sku, catalogue],
  );

  const envelope = useMemo(() => {
    if (!base || !data.edge) return base;
    return edgeEnvelope(data.edge, base.products.length > 0 ? base : sampleEnvelope());
  }, [base, data.edge]);

  return { envelope, anchor, status, error };
}
