// The script tag's theme/themeScript.ts (build.mjs puts this module in its place in
// vitrine.js only). Only an org theme with a jsTemplate has a script to run (the built-in
// themes have none), so the runner ships in the theme script chunk (`vitrine-script.js`):
// a slot asks for it (`_load`, set by the chunk loader) as soon as its chosen theme has a
// script, beside the widget's request, and the chunk plugs its runner in here
// (`EmbedHost.themeScript`). The widget is drawn without waiting for it; its script runs
// once the chunk has.
import type { runThemeScript } from './runThemeScript';

// A null prototype: the runner's short name put on a page's Object.prototype is no runner.
export const themeScript: { _run?: typeof runThemeScript; _load?: () => Promise<unknown> } = Object.create(null);
