// The theme script chunk, `dist/vitrine-script.js`: what runs a theme's jsTemplate. The
// core asks for it only when the theme a slot renders with has one, and waits for it
// before that slot renders, so the script runs after the first render as after every
// later one. The script's text goes in through the core's Trusted Types policy.
import type { Plugin } from '../host';
import { runThemeScript } from './runThemeScript';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
if (vitrine && typeof vitrine.use === 'function') {
  vitrine.use((host) => {
    host.themeScript.run = (win, theme, root, data, nonce) => runThemeScript(win, theme, root, data, nonce, host.scriptText);
  });
}
