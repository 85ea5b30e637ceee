// @vitest-environment node
// Many `renderSlots` calls at once in one Node process (the built dist/server.mjs against
// the sandbox, which answers each call after 50 ms so that they overlap): what one call is
// told (its visitor, consent, words, language, nonce) never shows in another's requests
// or markup.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../../demo/sandbox/createSandbox';
import { createCatalogue } from '../../../demo/sandbox/createCatalogue';
import type * as ServerApi from '../../../src/server/index';

const { renderSlots } = (await import('../../../dist/server.mjs' as string)) as typeof ServerApi;

let sandbox: Sandbox;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-isolation-'));
  sandbox = await createSandbox({ port: 0, dataDir, latencyMs: 50 });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const coat = createCatalogue().find((p) => p.category == 'outerwear')!;
const LOCALES = ['en-IE', 'fr-FR', 'de-DE'];

it('keeps every value of a call in that call, 24 calls at once', async () => {
  const calls = Array.from({ length: 24 }, (_, i) => ({
    i,
    visitor: `visitor-${i}-${'x'.repeat(8)}`,
    consent: i % 2 == 0,
    label: `Next picks for call ${i}.`,
    nonce: `nonce${i}n`,
    locale: LOCALES[i % 3],
    urls: [] as string[],
  }));
  const results = await Promise.all(
    calls.map((call) =>
      renderSlots({
        baseUrl: sandbox.url,
        orgId: sandbox.orgId,
        apiKey: sandbox.apiKey,
        consent: call.consent,
        nonce: call.nonce,
        // One in three brings its own words; the others the built-in ones of their language.
        strings: call.i % 3 == 0 ? { next: call.label } : undefined,
        page: { pageType: 'product_page', pname: coat.name, sku: coat.sku, domain: 'shop.example', locale: call.locale, currency: 'EUR', siteUid: call.visitor },
        // The personal algorithm shows only with consent.
        slots: [{ id: `s${call.i}`, algorithm: 'recentviews trending', layout: 'carousel' }, { id: `m${call.i}`, algorithm: 'trending', layout: 'matrix', max: 2 }],
        timeoutMs: 10_000,
        fetch: (input, init) => {
          call.urls.push(String(input));
          return fetch(input, init);
        },
      }),
    ),
  );
  const others = (call: (typeof calls)[number]) => calls.filter((other) => other != call);
  for (const call of calls) {
    const [carousel, matrix] = results[call.i];
    const html = carousel.html + matrix.html;
    expect([carousel.ok, matrix.ok, carousel.id, matrix.id], `call ${call.i}: ${JSON.stringify([carousel.error, matrix.error])}`).toEqual([true, true, `s${call.i}`, `m${call.i}`]);
    // Consent: its own answer, its own algorithm, its own visitor id sent (or none of the page's).
    expect(carousel.substituted).toEqual(call.consent ? [] : ['recentviews']);
    expect(call.urls.some((url) => url.includes('/recentviews'))).toBe(call.consent);
    const sent = call.urls.filter((url) => url.includes('/widgetserver/')).map((url) => new URL(url).searchParams.get('site_uid'));
    expect(sent.length).toBeGreaterThan(0);
    if (call.consent) expect(new Set(sent)).toEqual(new Set([call.visitor]));
    else expect(sent.every((uid) => uid && !calls.some((c) => c.visitor == uid))).toBe(true);
    // The nonce, the words and the language: its own, and nobody else's.
    expect(html).toContain(`nonce="${call.nonce}"`);
    expect(others(call).filter((other) => html.includes(`"${other.nonce}"`) || html.includes(other.label) || html.includes(other.visitor))).toEqual([]);
    const expected = call.i % 3 == 0 ? call.label : { 'en-IE': 'Next products', 'fr-FR': 'Produits suivants', 'de-DE': 'Nächste Produkte' }[call.locale];
    expect(carousel.html, `call ${call.i}`).toContain(`aria-label="${expected}"`);
    // The state the browser resumes from speaks the call's language.
    expect(html).toContain(`"locale":"${call.locale}"`);
    expect(html.includes(sandbox.apiKey)).toBe(false);
  }
});
