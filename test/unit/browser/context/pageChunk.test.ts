import { describe, expect, it } from 'vitest';
import { decodeReferences } from '../../../../src/browser/context/decodeReferences';
import { stripLabel } from '../../../../src/browser/context/stripLabel';
import { guessCurrency } from '../../../../src/browser/context/guessCurrency';

describe('decodeReferences', () => {
  it('decodes named, decimal and hex references', () => {
    expect(decodeReferences('Cama Elo&iacute;sa &#8211; Roble &amp; Lino &#xF1;and&uacute;')).toBe('Cama Eloísa – Roble & Lino ñandú');
    expect(decodeReferences('&Ccedil;a &Ouml;l &aring; &szlig; &euro;5')).toBe('Ça Öl å ß €5');
  });
  it('decodes once, and markup stays text', () => {
    expect(decodeReferences('&amp;eacute; &amp;lt;')).toBe('&eacute; &lt;');
    expect(decodeReferences('&lt;img src=x onerror=alert(1)&gt;')).toBe('<img src=x onerror=alert(1)>');
  });
  it('keeps what names no character: unknown names, a letter without that accent, 0, surrogates, beyond U+10FFFF', () => {
    for (const kept of ['&bogus;', '&qacute;', '&#0;', '&#xD800;', '&#x110000;', 'Salt & Pepper', '&constructor;', '&toString;']) expect(decodeReferences(kept)).toBe(kept);
  });
});

describe('stripLabel', () => {
  it('drops the labels templates print before a product number, with their colon', () => {
    expect(stripLabel('sku:XA30202', 'sku')).toBe('XA30202');
    expect(stripLabel('SKU: XA30202', 'sku')).toBe('XA30202');
    expect(stripLabel('Product Code: BDL-100', 'sku')).toBe('BDL-100');
    expect(stripLabel('Art.-Nr.: 4711', 'sku')).toBe('4711');
    expect(stripLabel('Référence : PS-12', 'sku')).toBe('PS-12');
  });
  it('keeps a value that only starts like a label', () => {
    expect(stripLabel('MODEL-7', 'sku')).toBe('MODEL-7');
    expect(stripLabel('SKU', 'sku')).toBe('SKU');
    expect(stripLabel('Model Train Set', 'name')).toBe('Model Train Set');
  });
  it("drops eBay's hidden `Details about` before a title", () => {
    expect(stripLabel('Details about\u00a0\u00a0Vintage Camera', 'name')).toBe('Vintage Camera');
  });
});

describe('guessCurrency', () => {
  it.each([
    ['$', 'es-CL', 'CLP'],
    ['$', 'es-AR', 'ARS'],
    ['$', 'es-MX', 'MXN'],
    ['$', 'en-CA', 'CAD'],
    ['$', 'en-AU', 'AUD'],
    ['$', 'en-US', 'USD'],
    ['€', 'fr-FR', 'EUR'],
    ['kr', 'sv-SE', 'SEK'],
    ['R$', 'pt-BR', 'BRL'],
  ])('%s on a %s page is %s', (sign, locale, code) => {
    expect(guessCurrency(sign, locale)).toBe(code);
  });
  it('gives nothing where the country is unknown or its currency is not written with that sign', () => {
    expect(guessCurrency('$', 'es')).toBeUndefined();
    expect(guessCurrency('$', undefined)).toBeUndefined();
    expect(guessCurrency('$', 'de-CH')).toBeUndefined();
    expect(guessCurrency('€', 'en-GB')).toBeUndefined();
    expect(guessCurrency('$', 'xx-ZZ')).toBeUndefined();
  });
});
