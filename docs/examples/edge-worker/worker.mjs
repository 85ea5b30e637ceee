// A Cloudflare Worker (module syntax) that renders a home page's widgets at the edge.
// Bundle and deploy it with wrangler (`npx wrangler deploy`), which resolves
// `vitrine/server` from node_modules; set VITRINE_BASE_URL, VITRINE_ORG_ID and
// VITRINE_API_KEY as the worker's variables (the key as a secret).
import { renderSlots } from 'vitrine/server';

/** The page around the widget; the fallback shows when the service had nothing. */
const page = (widget) => `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Maison Vitrine</title></head>
<body><h1>Maison Vitrine</h1>
<div id="home-picks" data-vitrine="trending" data-vitrine-layout="matrix">${widget || '<p>Our picks are on their way.</p>'}</div>
</body></html>`;

export default {
  async fetch(request, env) {
    const [picks] = await renderSlots({
      baseUrl: env.VITRINE_BASE_URL, orgId: env.VITRINE_ORG_ID, apiKey: env.VITRINE_API_KEY,
      consent: false,
      page: { pageType: 'home_page', domain: new URL(request.url).hostname, locale: 'en-GB', currency: 'EUR' },
      slots: [{ id: 'home-picks', algorithm: 'trending', layout: 'matrix' }],
    });
    return new Response(page(picks.html), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  },
};
