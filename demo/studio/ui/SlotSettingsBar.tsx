import { h } from 'preact';
import type { SlotSettings } from '../preview/previewProtocol';

// Locales and currencies a theme should be seen in: comma decimals, a symbol after the
// amount, a currency without minor units (JPY), a right-to-left language.
const LOCALES = ['en-IE', 'en-US', 'en-GB', 'fr-FR', 'de-DE', 'nl-NL', 'ja-JP', 'ar-EG'];
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'SEK'];

export interface SlotSettingsBarProps {
  slot: SlotSettings;
  onChange(slot: SlotSettings): void;
}

/** What a shop's slot and script tag set around the widget: its title, locale, currency and product count. */
export function SlotSettingsBar({ slot, onChange }: SlotSettingsBarProps) {
  const set = (patch: Partial<SlotSettings>): void => onChange({ ...slot, ...patch });
  return (
    <div class="data__fields slot-settings" role="group" aria-label="Slot settings">
      <label>Slot title
        <input value={slot.title} size={18} placeholder="the widget's name" onInput={(e) => set({ title: e.currentTarget.value })} />
      </label>
      <label>Locale
        <select value={slot.locale} onChange={(e) => set({ locale: e.currentTarget.value })}>
          {LOCALES.map((l) => <option key={l} value={l}>{l}</option>)}
        </select>
      </label>
      <label>Currency
        <select value={slot.currency} onChange={(e) => set({ currency: e.currentTarget.value })}>
          {CURRENCIES.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </label>
      <label>Products
        <input type="number" min={0} max={100} value={slot.max || ''} placeholder="all" class="slot-settings__max"
          onInput={(e) => {
            const n = Number.parseInt(e.currentTarget.value, 10);
            set({ max: Number.isInteger(n) && n > 0 ? Math.min(100, n) : 0 });
          }} />
      </label>
    </div>
  );
}
