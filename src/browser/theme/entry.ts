// The theme chunk, `dist/vitrine-theme.js`: the card of the built-in themes, for a slot
// whose org has no theme for its layout, or whose theme is broken. The core leaves it out
// (build.mjs) and loads this chunk only for such a slot, which waits for it.
import type { Plugin } from '../host';
import { builtinCard } from '../../core/theme/builtinCard';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
if (vitrine && typeof vitrine.use === 'function') {
  vitrine.use((host) => {
    for (const theme of Object.values(host.builtinThemes)) theme.htmlTemplate = builtinCard;
  });
}
