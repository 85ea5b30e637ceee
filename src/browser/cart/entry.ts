// The cart chunk, `dist/vitrine-cart.js`. The core loads it when a widget shows an
// add-to-cart button (a card's, or the bundle's): it hands its plugin to the core and
// defines no global of its own.
import type { Plugin } from '../host';
import { cartPlugin } from './cartPlugin';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
if (vitrine && typeof vitrine.use === 'function') vitrine.use(cartPlugin);
