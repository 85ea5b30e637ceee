// The search chunk, `dist/vitrine-search.js`. The core injects it on pages with a search
// slot or box; it hands its plugin to the core and defines no global of its own.
import type { Plugin } from '../host';
import { searchPlugin } from './searchPlugin';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
// The results and the box are drawn in a task after the one that evaluates this chunk:
// on a phone the two together were one long task.
if (vitrine && typeof vitrine.use === 'function') setTimeout(() => vitrine.use!(searchPlugin));
