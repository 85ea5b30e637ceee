// The analytics chunk, `dist/vitrine-analytics.js`. The core adds it only when the
// merchant sets `data-analytics` (or `analytics` in `window.vitrineConfig`); it hands
// its plugin to the core and defines no global of its own.
import type { Plugin } from '../host';
import { analyticsPlugin } from './analyticsPlugin';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
// It plugs in as it arrives, the page still arriving or not: it reads the page's tag,
// currency and product at each event, and hears the cart's adds from then on.
if (vitrine && typeof vitrine.use === 'function') vitrine.use(analyticsPlugin);
