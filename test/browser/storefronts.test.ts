// Real storefront markup, read by the built embed in Chromium: one page per platform and
// page type (Shopify, WooCommerce, Magento 2, Shopware 6, PrestaShop, BigCommerce), plus
// microdata-only, RDFa-only, Open Graph-only, nested JSON-LD and conflicting pages, then
// the ways a page misleads: character references in JSON-LD, a brand before the name, a
// currency sign instead of a code, Salesforce Commerce Cloud (SFRA) and OpenCart pages,
// an offer marked up apart from its product, a page with no structured data at all, and
// labels inside values. The
// pages are in fixtures/storefronts/, written after each platform's public conventions;
// each is served at a URL of the shape that platform uses, with the merchant's script tag
// (debug mode) and one slot added, and the table checks what debug mode says was read
// (page type, product name, SKU, currency, locale), from where, and what it calls a guess.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from './chromium';
import { snapshotDist } from './fixtures/createFixtureServer';

const PAGES = fileURLToPath(new URL('./fixtures/storefronts/', import.meta.url));
// The service is never reached: each slot fails, which is when debug mode explains the page.
const TAG = '<div id="probe" data-vitrine="trending"></div><script async src="/dist/vitrine.js" data-base-url="http://api.test" data-org-id="org-1" data-api-key="key-1" data-debug></script>';

interface Read {
  pageType: string;
  pname?: string;
  sku?: string;
  currency?: string;
  locale: string;
}
type Row = [page: string, url: string, read: Read, from?: Partial<Record<keyof Read, unknown>>, guessed?: string];

const table: Row[] = [
  ['shopify-product', 'http://maison-laine.test/products/merino-crew?variant=4101', { pageType: 'product_page', pname: 'Merino Crew', sku: 'MC-NAVY-S', currency: 'GBP', locale: 'en-GB' }, { sku: 'JSON-LD' }],
  ['shopify-collection', 'http://maison-laine.test/fr/collections/tricots', { pageType: 'collection_page', currency: 'EUR', locale: 'fr' }, { currency: 'shopify' }],
  ['shopify-cart', 'http://maison-laine.test/cart', { pageType: 'cart_page', currency: 'CAD', locale: 'en-CA' }],
  ['shopify-order', 'http://maison-laine.test/checkouts/cn/hWN0fQ/thank-you', { pageType: 'order_page', currency: 'USD', locale: 'en-US' }, { currency: 'shopify' }],
  ['shopify-home', 'http://maison-laine.test/', { pageType: 'home_page', currency: 'USD', locale: 'en' }],
  // WooCommerce's "shop base" product permalinks: the URL alone would say collection page.
  ['woocommerce-product', 'http://wollhaus.test/shop/merino-pullover/', { pageType: 'product_page', pname: 'Merino-Pullover', sku: 'WP-41', currency: 'EUR', locale: 'de-DE' }, { pageType: 'woocommerce', sku: 'JSON-LD' }],
  ['woocommerce-collection', 'http://wollhaus.test/produkt-kategorie/strick/', { pageType: 'collection_page', currency: 'EUR', locale: 'de-DE' }, { pageType: 'woocommerce', currency: 'woocommerce' }],
  ['woocommerce-cart', 'http://wollhaus.test/warenkorb/', { pageType: 'cart_page', currency: 'EUR', locale: 'de-DE' }, { pageType: 'woocommerce' }],
  ['woocommerce-order', 'http://wollhaus.test/kasse/order-received/812/?key=wc_order_Xy7', { pageType: 'order_page', locale: 'de-DE' }, { pageType: 'woocommerce' }],
  ['woocommerce-home', 'http://wollhaus.test/', { pageType: 'home_page', locale: 'de-DE' }],
  ['magento-product', 'http://luma.test/radiant-tee.html', { pageType: 'product_page', pname: 'Radiant Tee', sku: 'WS12', currency: 'USD', locale: 'en' }, { pageType: 'magento', sku: 'microdata', currency: 'microdata' }],
  ['magento-collection', 'http://luma.test/women/tops-women.html', { pageType: 'collection_page', locale: 'en' }, { pageType: 'magento' }],
  ['magento-cart', 'http://luma.test/checkout/cart/', { pageType: 'cart_page', locale: 'en' }, { pageType: 'magento' }],
  ['magento-order', 'http://luma.test/checkout/onepage/success/', { pageType: 'order_page', locale: 'en' }],
  ['magento-home', 'http://luma.test/', { pageType: 'home_page', locale: 'en' }],
  ['shopware-product', 'http://nordwolle.test/Strickjacke-Merino/SW10042', { pageType: 'product_page', pname: 'Strickjacke Merino', sku: 'SW10042', currency: 'EUR', locale: 'de-DE' }, { pname: 'microdata', sku: 'microdata' }],
  ['shopware-collection', 'http://nordwolle.test/Bekleidung/Strick/', { pageType: 'collection_page', locale: 'de-DE' }, { pageType: 'shopware' }],
  ['shopware-cart', 'http://nordwolle.test/checkout/cart', { pageType: 'cart_page', locale: 'de-DE' }, { pageType: 'shopware' }],
  ['shopware-order', 'http://nordwolle.test/checkout/finish?orderId=0190f1c2', { pageType: 'order_page', locale: 'de-DE' }],
  ['shopware-home', 'http://nordwolle.test/', { pageType: 'home_page', locale: 'de-DE' }],
  ['prestashop-product', 'http://atelier.test/vetements/12-pull-merinos.html', { pageType: 'product_page', pname: 'Pull mérinos', sku: 'PS-PULL-12', currency: 'EUR', locale: 'fr' }, { pageType: 'prestashop', sku: 'prestashop' }],
  ['prestashop-collection', 'http://atelier.test/3-vetements', { pageType: 'collection_page', currency: 'EUR', locale: 'fr' }],
  ['prestashop-cart', 'http://atelier.test/panier?action=show', { pageType: 'cart_page', currency: 'EUR', locale: 'fr' }],
  ['prestashop-order', 'http://atelier.test/confirmation-commande?id_cart=7&id_order=5', { pageType: 'order_page', currency: 'EUR', locale: 'fr' }, { pageType: 'prestashop' }],
  // No lang on <html>: the locale PrestaShop states.
  ['prestashop-home', 'http://atelier.test/', { pageType: 'home_page', currency: 'EUR', locale: 'fr-FR' }, { locale: 'prestashop' }],
  // The JSON-LD offer has no priceCurrency: BCData's.
  ['bigcommerce-product', 'http://shop-trail.test/merino-beanie/', { pageType: 'product_page', pname: 'Merino Beanie', sku: 'BC-BEANIE-1', currency: 'USD', locale: 'en' }, { pname: 'JSON-LD', currency: 'bigcommerce' }],
  ['bigcommerce-collection', 'http://shop-trail.test/hats/', { pageType: 'collection_page', locale: 'en' }, { pageType: 'bigcommerce' }],
  ['bigcommerce-cart', 'http://shop-trail.test/cart.php', { pageType: 'cart_page', locale: 'en' }, { pageType: 'bigcommerce' }],
  ['bigcommerce-order', 'http://shop-trail.test/checkout/order-confirmation/118', { pageType: 'order_page', locale: 'en' }, { pageType: 'URL' }],
  ['bigcommerce-home', 'http://shop-trail.test/', { pageType: 'home_page', locale: 'en' }],
  ['microdata-only', 'http://schuhwerk.test/p/4411', { pageType: 'product_page', pname: 'Wanderschuh Alpin', sku: 'ALP-4411', currency: 'CHF', locale: 'de-CH' }, { pname: 'microdata', currency: 'microdata' }],
  ['rdfa-only', 'http://lerverk.test/item/77', { pageType: 'product_page', pname: 'Stengodsmugg', sku: 'MUG-77', currency: 'SEK', locale: 'sv' }, { pname: 'RDFa', sku: 'RDFa', currency: 'RDFa' }],
  ['opengraph-only', 'http://clay.test/planter', { pageType: 'product_page', pname: 'Ceramic Planter', sku: 'PLNT-8', currency: 'AUD', locale: 'en-AU' }, { pname: 'meta tags', currency: 'meta tags' }],
  ['jsonld-itempage', 'http://filo.test/p/sciarpa', { pageType: 'product_page', pname: 'Sciarpa in cashmere', sku: 'FILO-SC-3', currency: 'EUR', locale: 'it-IT' }, { sku: 'JSON-LD', currency: 'JSON-LD' }],
  // JSON-LD first, then microdata (its currency fills the JSON-LD offer's gap), then meta tags.
  ['conflicting', 'http://lysverket.test/products/buelampe-nord', { pageType: 'product_page', pname: 'Buelampe Nord', sku: 'LAMP-91', currency: 'NOK', locale: 'nb' }, { pname: 'JSON-LD', sku: 'JSON-LD', currency: 'microdata' }],
  // Named, decimal and hex references in JSON-LD strings, decoded once.
  ['entities-jsonld', 'http://casaquillay.test/productos/cama-eloisa', { pageType: 'product_page', pname: 'Cama Eloísa – Roble & Lino', sku: 'CQ-ELO-140', currency: 'CLP', locale: 'es-CL' }, { pname: 'JSON-LD', sku: 'JSON-LD' }],
  // JSON-LD says "Nordlys Buelampe Fjord", brand Nordlys; the heading says "Buelampe Fjord".
  ['brand-prefix', 'http://nordlys.test/products/buelampe-fjord', { pageType: 'product_page', pname: 'Buelampe Fjord', sku: 'NL-FJ-2', currency: 'NOK', locale: 'nb' }, { pname: 'product heading (JSON-LD name without its brand)', sku: 'JSON-LD' }],
  // The offer says "$", the meta tags ARS: the code wins.
  ['currency-sign-code-elsewhere', 'http://yerba.test/productos/mate', { pageType: 'product_page', pname: 'Mate de calabaza', sku: 'MATE-07', currency: 'ARS', locale: 'es-AR' }, { currency: 'meta tags' }],
  // Only "$" on an es-CL page: CLP, reported as a guess.
  ['currency-sign-guess', 'http://andes.test/p/poncho', { pageType: 'product_page', pname: 'Poncho de lana', sku: 'PON-3', currency: 'CLP', locale: 'es-CL' }, { currency: expect.stringContaining('guess') }, 'currency'],
  // Only "$" and a language without a country: no currency rather than a wrong one.
  ['currency-sign-no-country', 'http://tienda.test/p/sombrero', { pageType: 'product_page', pname: 'Sombrero vueltiao', sku: 'SV-19', locale: 'es' }, { currency: 'nowhere' }],
  ['sfcc-product', 'http://summit.test/s/Summit/701643421084M.html?lang=en_CA', { pageType: 'product_page', pname: 'Alpine Shell Jacket', sku: '701643421084M', currency: 'CAD', locale: 'en' }, { sku: 'JSON-LD', currency: 'JSON-LD' }],
  // No structured data: SFRA's own markup; its price shows "$" alone, so no currency.
  ['sfcc-product-no-schema', 'http://summit.test/s/Summit/TR2-GRN-42.html', { pageType: 'product_page', pname: 'Trail Runner 2', sku: 'TR2-GRN-42', locale: 'en' }, { pageType: 'sfcc', pname: 'sfcc', sku: 'sfcc', currency: 'nowhere' }],
  ['sfcc-search', 'http://summit.test/s/Summit/jackets/', { pageType: 'collection_page', locale: 'en' }, { pageType: 'sfcc' }],
  ['opencart-product', 'http://lampenladen.test/index.php?route=product/product&product_id=47', { pageType: 'product_page', pname: 'Brass Desk Lamp', sku: '47', currency: 'USD', locale: 'en' }, { pageType: 'opencart', pname: 'opencart', sku: 'opencart', currency: 'opencart' }],
  // OpenCart 2 with SEO URLs; its switcher shows "$" for both AUD and USD: no currency.
  ['opencart-category', 'http://lampenladen.test/desk-lamps', { pageType: 'collection_page', locale: 'en' }, { pageType: 'opencart', currency: 'nowhere' }],
  ['aem-offer', 'http://uhren.test/content/uhren/de/produkte/taschenuhr-jura.html', { pageType: 'product_page', pname: 'Taschenuhr Jura', sku: 'JU-1907', currency: 'CHF', locale: 'de-CH' }, { sku: 'JSON-LD', currency: 'offer markup' }],
  // No structured data: a heading, a price and an add-to-cart button. SKU and currency are not guessed.
  ['heading-only', 'http://toepferei.test/tasse-nordwind', { pageType: 'product_page', pname: 'Tasse Nordwind', locale: 'de-DE' }, { pname: 'product heading (guess)', sku: 'nowhere', currency: 'nowhere' }, 'pageType, pname'],
  // The same shop's listing: several add-to-cart buttons, so no product is guessed.
  ['listing-no-guess', 'http://toepferei.test/angebote', { pageType: 'home_page', locale: 'de-DE' }, { pname: 'nowhere' }],
  ['labels', 'http://kamera.test/item/rangefinder', { pageType: 'product_page', pname: 'Vintage Rangefinder Camera', sku: 'XA30202', currency: 'GBP', locale: 'en-GB' }, { pname: 'microdata', sku: 'microdata' }],
];

let browser: Browser;
let context: BrowserContext;
let dist: string;

beforeAll(async () => {
  dist = await snapshotDist();
  browser = await launchChromium();
  context = await browser.newContext();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Opens a fixture at its URL; resolves with debug mode's page line and the embed files fetched. */
async function read(name: string, url: string, hang?: string) {
  const page = await context.newPage();
  const files: string[] = [];
  await page.route('http://*.test/**', (route) => {
    const { hostname, pathname } = new URL(route.request().url());
    if (hostname == 'api.test') return route.abort();
    const file = /^\/dist\/([\w.-]+)$/.exec(pathname)?.[1];
    // A file that never arrives: the request is left unanswered.
    if (file && file == hang) return files.push(file + ' (no answer)');
    if (file) {
      files.push(file);
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(join(dist, file)) });
    }
    const html = readFileSync(join(PAGES, name + '.html'), 'utf8');
    return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html.replace('</body>', TAG + '</body>') });
  });
  const line = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('[vitrine] page'), timeout: 15_000 });
  // A script left unanswered holds the load event: the page is read from DOMContentLoaded on.
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const msg = await line;
  const [, values, , from, , guessed] = await Promise.all(msg.args().map((a) => a.jsonValue()));
  await page.close();
  return { values: values as Record<string, unknown>, from: from as Record<string, string>, guessed: guessed as string | undefined, files };
}

describe('reading real storefront pages (built embed, Chromium)', () => {
  it.each(table)('%s', async (name, url, expected, from, guesses) => {
    const { values, from: said, guessed } = await read(name, url);
    expect({ pageType: values.pageType, pname: values.pname, sku: values.sku, currency: values.currency, locale: values.locale }).toEqual(expected);
    if (from) expect(said).toMatchObject(from);
    // Only the pages that state nothing for a field have it guessed.
    expect(guessed).toBe(guesses);
  });

  it('fetches the page chunk only where JSON-LD and the URL leave something unknown', async () => {
    expect((await read('shopify-product', table[0][1])).files).not.toContain('vitrine-page.js');
    expect((await read('jsonld-itempage', 'http://filo.test/p/sciarpa')).files).not.toContain('vitrine-page.js');
    expect((await read('magento-collection', 'http://luma.test/women/tops-women.html')).files).toContain('vitrine-page.js');
    // A product in JSON-LD on a page whose URL says collection: the platform settles it.
    expect((await read('woocommerce-product', 'http://wollhaus.test/shop/merino-pullover/')).files).toContain('vitrine-page.js');
  });

  it('goes on with what JSON-LD and the URL say when the page chunk never arrives (3 s at most)', async () => {
    const started = Date.now();
    const { values, from, files } = await read('magento-collection', 'http://luma.test/women/tops-women.html', 'vitrine-page.js');
    expect(files).toContain('vitrine-page.js (no answer)');
    // Without the chunk nothing names this page: the home page, as before page reading.
    expect(values).toMatchObject({ pageType: 'home_page', locale: 'en' });
    expect(from.pageType).toBe('URL');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
