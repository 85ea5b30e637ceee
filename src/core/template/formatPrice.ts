import { bare } from '../util/bare';

const formats = new Map<string, Intl.NumberFormat>();

/** The page's format for a locale and currency, made once (a bad code falls back to English). */
export function numberFormat(locale: string, currency?: string): Intl.NumberFormat {
  const key = locale + '|' + (currency || '');
  let format = formats.get(key);
  if (!format) {
    try {
      // Options copied onto a null prototype: Intl reads every option it knows (notation,
      // currencyDisplay, maximumFractionDigits, …) through the chain.
      format = new Intl.NumberFormat(locale, bare<Intl.NumberFormatOptions>(currency ? { style: 'currency', currency } : { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    } catch {
      // A bad locale or currency code (RangeError) must not cost the widget its prices.
      format = locale === 'en' && !currency ? new Intl.NumberFormat('en') : numberFormat('en', /^[A-Z]{3}$/.test(currency || '') ? currency : undefined);
    }
    formats.set(key, format);
  }
  return format;
}

/** Reads a price the service sent as a number or a string ("19.90", "1,299.00"). */
export function parsePrice(value: unknown): number | null {
  const n = typeof value == 'number' ? value : typeof value == 'string' && /\d/.test(value) ? Number(value.replace(/[^\d.-]/g, '')) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** Formats for the page's locale and currency; text that is not a number stays as it came. */
export function formatPrice(value: unknown, locale: string, currency?: string): string {
  const n = parsePrice(value);
  if (n === null) return typeof value === 'string' ? value : '';
  return numberFormat(locale, currency).format(n);
}

