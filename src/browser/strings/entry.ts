// The strings chunk, `dist/vitrine-strings.js`: French, German and Spanish interface
// strings. The core loads it only on pages whose locale is in one of these languages,
// and waits for it before the first widget renders, so no English flashes first.
import type { Plugin } from '../host';
import { translations } from '../../core/strings/translations';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
if (vitrine && typeof vitrine.use === 'function') {
  vitrine.use((host) => {
    Object.assign(host.translations, translations);
  });
}
