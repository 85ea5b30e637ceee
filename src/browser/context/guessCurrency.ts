import { bare } from '../../core/util/bare';

// The currency of each country whose shops write a currency sign (not its code) into
// their structured data; euro countries are listed apart. A country not listed gets no
// guess.
const EURO = 'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK';
const BY_COUNTRY = bare<Record<string, string>>({
  US: 'USD', CA: 'CAD', AU: 'AUD', NZ: 'NZD', MX: 'MXN', AR: 'ARS', CL: 'CLP', CO: 'COP', UY: 'UYU', SG: 'SGD', HK: 'HKD', TW: 'TWD',
  BR: 'BRL', GB: 'GBP', JP: 'JPY', CN: 'CNY', IN: 'INR', KR: 'KRW', SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK', CH: 'CHF', PL: 'PLN', CZ: 'CZK', ZA: 'ZAR',
});

/**
 * The ISO code a currency sign stands for on a page in `locale`, or undefined. `$` is
 * the sign of CLP, ARS, MXN, CAD, AUD, USD and more, so the sign alone says nothing: the
 * locale's country names a currency, and that currency counts only where the locale
 * itself writes it with this sign (es-CL writes CLP as `$`; en-US writes CAD as `CA$`).
 * A locale without a country, or a sign its currency does not use, gives no currency:
 * none is better than a wrong one. The caller reports the result as a guess.
 */
export function guessCurrency(sign: string, locale: string | undefined): string | undefined {
  const country = /[-_]([a-z]{2})(?![a-z])/i.exec(locale || '')?.[1].toUpperCase();
  const code = country && (EURO.includes(country) ? 'EUR' : BY_COUNTRY[country]);
  if (!code) return;
  for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
    try {
      const shown = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay }).formatToParts(1).find((part) => part.type == 'currency')?.value;
      if (shown == sign.trim()) return code;
    } catch {
      /* a locale or display this browser does not know */
    }
  }
}
