// The theme script chunk, `dist/vitrine-script.js`: runs an org theme's jsTemplate after
// its widget is drawn. The built-in themes have no script, and most org themes none, so
// the core leaves the runner out (build.mjs) and asks for this chunk only for a theme
// with one (theme/lazyThemeScript.ts).
import type { Plugin } from '../host';
import { runThemeScript } from '../theme/runThemeScript';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
if (vitrine && typeof vitrine.use === 'function') {
  vitrine.use((host) => {
    host.themeScript._run ||= runThemeScript;
  });
}
