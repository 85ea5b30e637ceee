// Where mountWidget finds the runner of a theme's jsTemplate. This build holds it; the
// script tag build puts src/browser/theme/lazyThemeScript.ts in this module's place
// (build.mjs), whose runner arrives with the theme script chunk.
import { runThemeScript } from './runThemeScript';

export const themeScript: { _run?: typeof runThemeScript; _load?: () => Promise<unknown> } = { _run: runThemeScript };
