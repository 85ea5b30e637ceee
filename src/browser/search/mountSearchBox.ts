import type { EmbedHost } from '../host';
import { injectStyleAt } from './injectStyleAt';
import { searchCss } from './searchCss';
import type { SearchMount } from './mountSearch';
import { searchStrings } from '../../core/strings/search';

let boxes = 0;

function samePage(action: string, win: Window): boolean {
  try {
    return new URL(action, win.location.href).pathname === win.location.pathname;
  } catch {
    return false;
  }
}

/**
 * A search box in a `[data-vitrine-searchbox]` element. An element that is already a
 * `<form>` is the merchant's own and only gains in-page search; any other element gets
 * a labelled form that submits `?q=` (the searchParam setting) to the searchPage setting. On the
 * search page itself (`results()` gives the page's results while it has them) the results
 * update in place instead of reloading the page. Returns what brings the box in step with
 * the address after back or forward; the box adds no listener outside its own form.
 */
export function mountSearchBox(host: EmbedHost, el: HTMLElement, results: () => SearchMount | undefined): () => void {
  const { doc, win, config } = host;
  const param = config.setting('searchParam') || 'q';
  let form: HTMLFormElement;
  if (el.localName === 'form') {
    form = el as HTMLFormElement;
  } else {
    injectStyleAt(doc, el, 'search', searchCss, config.nonce);
    const id = 'vitrine-searchbox-' + ++boxes;
    form = doc.createElement('form');
    form.className = 'vitrine-searchbox';
    form.setAttribute('role', 'search');
    form.action = config.setting('searchPage') || '/search';
    form.method = 'get';
    const label = doc.createElement('label');
    label.className = 'vitrine-search__sr';
    label.htmlFor = id;
    label.textContent = el.dataset.vitrineLabel || 'Search products';
    const input = doc.createElement('input');
    input.type = 'search';
    input.id = id;
    input.name = param;
    input.className = 'vitrine-searchbox__input';
    input.placeholder = el.dataset.vitrinePlaceholder || 'Search products';
    input.autocomplete = 'off';
    input.enterKeyHint = 'search';
    const button = doc.createElement('button');
    button.type = 'submit';
    button.className = 'vitrine-searchbox__button';
    button.textContent = el.dataset.vitrineButton || 'Search';
    form.append(label, input, button);
    el.replaceChildren(form);
    // The page's words when it has its own (a French page, the merchant's `strings`); a
    // data attribute on the box still wins.
    host.strings().then((words) => {
      const t = { ...searchStrings, ...words };
      if (!el.dataset.vitrineLabel) label.textContent = t.searchBoxLabel;
      if (!el.dataset.vitrinePlaceholder) input.placeholder = t.searchBoxLabel;
      if (!el.dataset.vitrineButton) button.textContent = t.searchBoxButton;
    }, () => {});
  }
  const field = (): HTMLInputElement | null => {
    const named = form.elements.namedItem(param) as Element | null;
    return named && named.localName === 'input' ? (named as HTMLInputElement) : null;
  };
  const sync = () => {
    const input = field();
    if (input) input.value = new URLSearchParams(win.location.search).get(param) ?? '';
  };
  // On the results page the box shows what was searched, so it can be refined.
  const current = field();
  if (results() && current && !current.value) sync();
  form.addEventListener('submit', (event) => {
    const input = field();
    const mount = results();
    if (!mount || !input || !samePage(form.getAttribute('action') || win.location.pathname, win)) return;
    event.preventDefault();
    mount.setQuery(input.value);
  });
  return sync;
}
