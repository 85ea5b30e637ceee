// A shop page rendered by plain Node: the widgets are in the first HTML, and the browser
// takes them over without asking the service again.
//   VITRINE_BASE_URL=… VITRINE_ORG_ID=… VITRINE_API_KEY=… node server.mjs
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSlots } from 'vitrine/server';

const baseUrl = process.env.VITRINE_BASE_URL ?? 'http://127.0.0.1:8780';
const orgId = process.env.VITRINE_ORG_ID ?? '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60';
const apiKey = process.env.VITRINE_API_KEY ?? 'vitrine-sandbox-key';
const port = Number(process.env.PORT ?? 3000);
// vitrine.js, its chunks and vitrine.css, served from the installed package.
const assets = dirname(fileURLToPath(import.meta.resolve('vitrine/vitrine.js')));

// #region render
createServer(async (req, res) => {
  const path = new URL(req.url, 'http://localhost').pathname;
  if (/^\/vitrine(-[a-z]+)?\.(js|css)$/.test(path)) {
    const type = path.endsWith('.css') ? 'text/css' : 'text/javascript';
    res.writeHead(200, { 'Content-Type': `${type}; charset=utf-8` });
    return res.end(await readFile(join(assets, path)));
  }
  const nonce = randomBytes(16).toString('base64');
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'self' 'nonce-${nonce}'`,
  });
  // The head and what needs no widget go out at once: the browser paints them while the
  // server waits for the service.
  res.write(`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Maison Vitrine</title></head>
<body><h1>Maison Vitrine</h1>`);
  // #region call
  const [picks] = await renderSlots({
    baseUrl, orgId, apiKey, nonce,
    consent: false,
    page: { pageType: 'home_page', domain: 'localhost', locale: 'en-GB', currency: 'EUR' },
    slots: [{ id: 'home-picks', algorithm: 'trending', layout: 'matrix', max: 8 }],
  });
  // #endregion call
  const fallback = '<p>Our picks are on their way.</p>';
  res.end(`<div id="home-picks" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="8">${picks.ok ? picks.html : fallback}</div>
<script nonce="${nonce}">addEventListener('load', () => {
  const script = document.createElement('script');
  script.nonce = '${nonce}';
  Object.assign(script.dataset, { baseUrl: '${baseUrl}', orgId: '${orgId}', apiKey: '${apiKey}', currency: 'EUR' });
  script.src = '/vitrine.js';
  document.head.append(script);
});</script></body></html>`);
}).listen(port, '127.0.0.1');
// #endregion render
