// The one Trusted Types policy, `vitrine`, and the only module that makes what goes into an
// HTML, script or script-URL sink (chunks/loadChunk.ts sets the `src` it makes). Under
// `require-trusted-types-for 'script'; trusted-types vitrine` a page accepts what goes
// through here and nothing else of ours.
// https://w3c.github.io/trusted-types/dist/spec/

interface Policy {
  createHTML(html: string): string;
  createScript(code: string): string;
  createScriptURL(url: string): string;
}

type TrustedWindow = Window & { trustedTypes?: { createPolicy(name: string, rules: Policy): Policy } };

const same = (text: string) => text;
/**
 * A chunk is `vitrine-<name>.js` in an http(s) or same-origin folder: no query, no
 * backslash, no protocol-relative `//host`.
 */
const chunk = (url: string) => {
  if (!/^(https?:\/\/[^/?#\\]+)?\/(?!\/)([^?#\\]*\/)?vitrine-[a-z]+\.js$/.test(url)) throw Error(url);
  return url;
};
/**
 * The one worker Vitrine starts: it makes a number format on its own thread, says so and
 * ends (`browser/render/prepareFormat.ts`). Fixed text: nothing of the page's goes into it.
 */
const formatWorker = 'data:text/javascript,Intl.NumberFormat();postMessage(0);close()';
// Markup goes only into an inert <template> and is sanitised as nodes after; a script is
// a theme's jsTemplate, the org's own code from its theme list; a script URL is a chunk's
// or the format worker's.
const rules: Policy = { createHTML: same, createScript: same, createScriptURL: (url) => (url == formatWorker ? url : chunk(url)) };
let policy: Policy | undefined;

/**
 * Created on first use, once per page: a second copy of the script does nothing and so
 * asks for no second policy (which `trusted-types vitrine` would refuse). A browser
 * without Trusted Types, or a page whose policy list leaves `vitrine` out, gets the
 * strings as they are, checked the same way.
 */
function vitrinePolicy(win: Window): Policy {
  try {
    policy ||= (win as TrustedWindow).trustedTypes!.createPolicy('vitrine', rules);
  } catch {
    policy = rules;
  }
  return policy;
}

/** Parses markup into an inert fragment: nothing in a <template> loads or runs. */
export function parseHtml(doc: Document, html: string): DocumentFragment {
  const holder = doc.createElement('template');
  holder.innerHTML = vitrinePolicy(doc.defaultView!).createHTML(html);
  return holder.content;
}

/** The text of a script element Vitrine adds (a theme's jsTemplate). */
export function scriptText(script: HTMLScriptElement, code: string): void {
  script.text = vitrinePolicy(script.ownerDocument.defaultView!).createScript(code);
}

/**
 * The address of a chunk as the page's policy lets it be a script's `src`: throws unless it
 * is `vitrine-<name>.js` in an http(s) or same-origin folder.
 */
export function chunkScriptUrl(win: Window, url: string): string {
  return vitrinePolicy(win).createScriptURL(url);
}

/**
 * Starts the format worker, which calls `done` once it has made its format or failed;
 * undefined where the browser, the page's policy or a page's own `Worker` (one that
 * throws, or takes no handler) refuses it.
 */
export function startFormatWorker(win: Window, done: (event: unknown) => void): Worker | undefined {
  try {
    const worker = new (win as Window & typeof globalThis).Worker(vitrinePolicy(win).createScriptURL(formatWorker));
    worker.onmessage = worker.onerror = done;
    return worker;
  } catch {}
}
