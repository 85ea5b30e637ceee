import type { EmbedHost } from '../types/host';
import { mountSearch, type SearchMount } from './mountSearch';
import { mountSearchBox } from './mountSearchBox';

const done = new WeakSet<Element>();

/**
 * What the search chunk gives the core (`Vitrine.use`): results in every
 * `[data-vitrine-search]` slot and a search box in every `[data-vitrine-searchbox]`.
 * An element is mounted once however often the plugin runs; one that fails is logged
 * and the others still mount.
 */
export function searchPlugin(host: EmbedHost): void {
  const { doc } = host;
  let results: SearchMount | undefined;
  doc.querySelectorAll<HTMLElement>('[data-vitrine-search]').forEach((slot) => {
    if (done.has(slot)) return;
    done.add(slot);
    try {
      results ||= mountSearch(host, slot);
    } catch (error) {
      host.log('search slot failed', error);
    }
  });
  doc.querySelectorAll<HTMLElement>('[data-vitrine-searchbox]').forEach((el) => {
    if (done.has(el)) return;
    done.add(el);
    try {
      mountSearchBox(host, el, results);
    } catch (error) {
      host.log('search box failed', error);
    }
  });
}
