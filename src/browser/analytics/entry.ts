// The analytics chunk, `dist/vitrine-analytics.js`. The core adds it only when the
// merchant sets `data-analytics` (or `analytics` in `window.vitrineConfig`); it hands
// its plugin to the core and defines no global of its own.
import type { Plugin } from '../host';
import { analyticsPlugin } from './analyticsPlugin';
import { onceParsed } from '../whenReady';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
// It starts on the whole page: the product whose visit a click led to may be named below
// the script tag; what slots said before that is in the host's history.
if (vitrine && typeof vitrine.use === 'function') vitrine.use((host) => onceParsed(host.doc, () => analyticsPlugin(host)));
