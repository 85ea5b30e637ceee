import type { Config } from '../host';
import { moduleStylesheet } from '../chunks/assets';

/** Adds a script, stylesheet or hint to the head, with the page's nonce. */
export const addToHead = <K extends 'script' | 'link'>(doc: Document, config: Config, tag: K, props: Partial<HTMLElementTagNameMap[K]>) =>
  doc.head.appendChild(Object.assign(doc.createElement(tag), { nonce: config.nonce || '' }, props));

/**
 * The built-in stylesheet, linked the first time `styled()` is called: beside the data of
 * the first widget rendered here. A widget waits for it (3 s at most) so it never flashes
 * unstyled. The server's widgets carry their styles, so a page that shows only those
 * first asks for none before its first paint. A merchant who links it already is not sent
 * it twice; with no folder to load it from (`base`), there is nothing to wait for.
 */
export function linkStylesheet(doc: Document, config: Config, base: unknown): () => unknown {
  let styling: unknown;
  return () =>
    (styling ||=
      doc.querySelector('link[href$="vitrine.css"]') ||
      (base
        ? new Promise((done) => {
            addToHead(doc, config, 'link', { rel: 'stylesheet', href: (moduleStylesheet && !config.assetBase && moduleStylesheet) || config.assetBase + 'vitrine.css', onload: done, onerror: done });
            setTimeout(done, 3000);
          })
        : null));
}
