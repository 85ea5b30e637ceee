import type { EmbedHost, Layout, PageContext, Plugin } from './types/host';
import type { WidgetEnvelope } from './types/interface';
import { readConfig, type RawConfig } from './config/readConfig';
import { buildContext, type FullContext } from './context/buildContext';
import { createRequester } from './api/createRequester';
import type { ApiError } from './api/apiError';
import { fetchWidget, widgetQuery, type WidgetParams } from './api/fetchWidget';
import { fetchThemes } from './api/fetchThemes';
import { readSlot } from './scan/readSlot';
import { chooseAlgorithm, hasInputs } from './scan/chooseAlgorithm';
import { createThemeStore } from './theme/createThemeStore';
import { chooseTheme } from './theme/chooseTheme';
import { layouts, mountWidget } from './render/mountWidget';
import { formatPrice } from './template/formatPrice';
import { h, render } from 'preact';

declare const __VITRINE_VERSION__: string;

export interface VitrineApi {
  version: string;
  /** Fetch and render every slot again (after the cart or visitor changed). */
  refresh(): void;
  /** Render one slot, or every slot inside an element (default: the document). */
  render(element?: Element): void;
  /** Change what Vitrine knows of the page (single-page apps after navigation), then refresh. */
  setContext(context: Partial<PageContext>): void;
  /** Extension point the search and debug chunks plug into. */
  use(plugin: Plugin): void;
}

interface SlotState {
  root?: HTMLElement;
  fallback: Node[];
  token: number;
}

const SLOT = '[data-vitrine]';
/** Slots within this many pixels of the viewport load at once, the rest when scrolled near. */
const NEAR = 600;

/**
 * Starts Vitrine on a page: reads the settings once, renders every `[data-vitrine]`
 * slot and those added later. Nothing here throws into the page; what went wrong is a
 * `vitrine:error` event on the slot, explained in debug mode by the debug chunk.
 */
export function boot(win: Window & typeof globalThis, script: HTMLScriptElement | null, settings?: RawConfig): VitrineApi | undefined {
  const global = win as unknown as { Vitrine?: Partial<VitrineApi>; vitrineConfig?: unknown };
  // A second copy of the script finds the first one's API and does nothing.
  if (global.Vitrine?.version) return;
  const doc = win.document;
  const { config, problems } = readConfig(script, settings || global.vitrineConfig, win.location.href);
  const slots = new Map<HTMLElement, SlotState>();
  const inflight = new Map<string, Promise<WidgetEnvelope>>();
  const history: EmbedHost['history'] = [];
  const plugins: Plugin[] = [];
  let overrides: Partial<PageContext> = {};
  let context: FullContext | undefined;
  let host: EmbedHost | undefined;

  const emit = (el: Element, name: string, detail: unknown) => {
    if (config?.debug) history.push([el, name, detail]);
    el.dispatchEvent(new win.CustomEvent('vitrine:' + name, { bubbles: true, detail }));
  };
  const fail = (el: HTMLElement, kind: string, message: string, extra?: object) => {
    const state = slots.get(el);
    if (state?.root) {
      // A refresh that found nothing gives the merchant's fallback back.
      render(null, state.root);
      el.replaceChildren(...state.fallback);
      state.root = undefined;
    }
    emit(el, 'error', { kind, message, status: 0, ...extra });
  };
  const run = (plugin: Plugin) => {
    try {
      plugin(host!);
    } catch {
      /* a broken chunk never reaches the page */
    }
  };
  /** Adds a script, stylesheet or hint to the head, with the page's nonce. */
  const add = <K extends 'script' | 'link'>(tag: K, props: Partial<HTMLElementTagNameMap[K]>) =>
    doc.head.appendChild(Object.assign(doc.createElement(tag), { nonce: config!.nonce || '' }, props));
  const load = (name: string, done?: () => void) => add('script', { src: config!.assetBase + 'vitrine-' + name + '.js', onload: done, onerror: done });
  // The bundle layout is a chunk of its own: most pages never show one.
  let bundle: Promise<void> | undefined;
  const need = (layout: Layout) => layouts[layout] || (bundle ||= new Promise((done) => load(layout, done)));
  // French, German and Spanish words are a chunk too, loaded by pages in those languages.
  const translations: EmbedHost['translations'] = {};
  let words: Promise<void> | undefined;
  const strings = async () => {
    const lang = ctx().locale.slice(0, 2);
    if (/fr|de|es/.test(lang)) await (words ||= new Promise((done) => load('strings', done)));
    return { ...translations[lang], ...config!.strings };
  };

  const api: VitrineApi = {
    version: __VITRINE_VERSION__,
    refresh() {
      inflight.clear();
      slots.forEach((_, el) => el.isConnected && show(el));
    },
    render: (element) => scan(element || doc, true),
    setContext(next) {
      overrides = { ...overrides, ...next };
      context = undefined;
      api.refresh();
    },
    use(plugin) {
      plugins.push(plugin);
      if (host) run(plugin);
    },
  };
  global.Vitrine = Object.assign(global.Vitrine || {}, api);
  if (!config) {
    const why = problems.join('; ');
    console.warn('[vitrine] not started: ' + why);
    ready(() => doc.querySelectorAll<HTMLElement>(SLOT).forEach((el) => fail(el, 'config', why)));
    return api;
  }

  // The first widget call needs DNS, TCP and TLS to the API: start them while the page parses.
  add('link', { rel: 'preconnect', href: new URL(config.baseUrl).origin, crossOrigin: '' });
  // The built-in stylesheet loads beside the data; a widget waits for it (3 s at most) so
  // it never flashes unstyled. A merchant who links it already is not sent it twice.
  const styled =
    doc.querySelector('link[href$="vitrine.css"]') ||
    new Promise((done) => {
      add('link', { rel: 'stylesheet', href: config.assetBase + 'vitrine.css', onload: done, onerror: done });
      setTimeout(done, 3000);
    });

  const request = createRequester({ ...config, fetch: win.fetch.bind(win) });
  const themes = createThemeStore(win, config.orgId, () => fetchThemes(request, config.orgId));
  const ctx = () => (context ||= buildContext(win, config, overrides));
  const IO = win.IntersectionObserver;
  const near = IO && new IO((entries) => entries.forEach((e) => e.isIntersecting && (near!.unobserve(e.target), show(e.target as HTMLElement))), { rootMargin: NEAR + 'px' });
  const seen =
    IO &&
    new IO(
      (entries) =>
        entries.forEach((e) => {
          if (e.isIntersecting) {
            seen!.unobserve(e.target);
            emit(e.target.parentElement!, 'impression', { products: e.target.querySelectorAll('[data-vitrine-index]').length });
          }
        }),
      { threshold: 0.5 },
    );

  async function show(el: HTMLElement): Promise<void> {
    const state = slots.get(el);
    if (!state) return;
    const token = ++state.token;
    const started = Date.now();
    const read = readSlot(el);
    if ('error' in read) return fail(el, 'slot', read.error);
    const { spec } = read;
    const c = ctx();
    const inputs = { pname: spec.pname || c.pname, sku: spec.sku || c.sku };
    const algorithm = spec.algorithm || chooseAlgorithm(c.pageType, inputs);
    if (!hasInputs(algorithm, inputs)) return fail(el, 'input', algorithm + ' needs a pname or sku', { algorithm });
    const params: WidgetParams = { divisionId: spec.divisionId, orgId: config!.orgId, site_uid: c.siteUid, domain: c.domain, ...inputs };
    // What the event details say of every outcome: the algorithm, and the page type seen.
    const about = { algorithm, page: c.pageType };
    if (spec.layout == 'bundle' || algorithm == 'crosssell') need('bundle');
    const key = algorithm + JSON.stringify(widgetQuery(algorithm, params));
    let pending = inflight.get(key);
    if (!pending) inflight.set(key, (pending = fetchWidget(request, algorithm, params, config!.endpoints)));
    // The first Intl.NumberFormat costs some 30 ms (ICU data): build it while the request
    // is on the wire, in a task of its own, not inside the first render.
    setTimeout(() => formatPrice(0, c.locale, c.currency));
    try {
      const [envelope, list, , words] = await Promise.all([pending, themes.get(), styled, strings()]);
      const choice = chooseTheme(list, spec, algorithm == 'crosssell' ? 'bundle' : 'carousel');
      await need(choice.layout);
      // Each slot renders in a task of its own, so answers that land together never
      // add up to one long task on the main thread.
      await new Promise((next) => setTimeout(next));
      if (token != state.token || !el.isConnected) return;
      // The product on show is never recommended to itself (recent views would list it first).
      const products = envelope.products.filter((p) => !(inputs.sku && p.sku == inputs.sku) && p.name != inputs.pname).slice(0, spec.max);
      if (!products.length) return fail(el, 'empty', algorithm + ' returned no products', about);
      const root = state.root || doc.createElement('div');
      const options = {
        envelope: { ...envelope, products },
        layout: choice.layout as Layout,
        theme: choice.theme,
        title: spec.title,
        locale: c.locale,
        currency: c.currency,
        nonce: config!.nonce,
        anchor: c.product,
        strings: words,
      };
      let result = mountWidget(root, options);
      if (!result.ok) {
        // A broken theme costs its look, not the widget: the built-in theme renders instead.
        emit(el, 'error', { kind: 'theme', message: result.error, status: 0, ...about });
        result = mountWidget(root, { ...options, theme: null });
        if (!result.ok) return fail(el, 'theme', result.error, about);
      }
      if (!state.root) {
        state.fallback = Array.from(el.childNodes);
        el.replaceChildren(root);
        state.root = root;
        seen && seen.observe(root);
      }
      emit(el, 'render', { ...about, products: products.length, theme: choice.theme.themeId, layout: choice.layout, ms: Date.now() - started, warning: result.warning });
    } catch (error) {
      if (token == state.token) {
        // An ApiError carries its kind and status; anything else is a bug of ours in render.
        const e = error as Partial<ApiError>;
        fail(el, e.kind || 'render', e.message || '' + error, { ...about, status: e.status || 0 });
      }
    }
  }

  function track(el: HTMLElement, force?: boolean): void {
    if (!slots.has(el)) {
      slots.set(el, { fallback: [], token: 0 });
      // The observer answers within a frame and forces no layout, unlike measuring here.
      if (near) return near.observe(el);
    } else if (!force) return;
    show(el);
  }

  function scan(scope: Element | Document, force?: boolean): void {
    if ((scope as Element).matches?.(SLOT)) track(scope as HTMLElement, force);
    scope.querySelectorAll<HTMLElement>(SLOT).forEach((el) => track(el, force));
  }

  function ready(fn: () => void): void {
    if (doc.readyState == 'loading') doc.addEventListener('DOMContentLoaded', fn);
    else fn();
  }

  ready(() => {
    scan(doc);
    new win.MutationObserver((records) => {
      for (const record of records) record.addedNodes.forEach((node) => node.nodeType == 1 && scan(node as Element));
      // Removed slots stop being watched and unmount, so nothing keeps them alive.
      slots.forEach((state, el) => {
        if (el.isConnected) return;
        near && near.unobserve(el);
        if (state.root) {
          seen && seen.unobserve(state.root);
          render(null, state.root);
        }
        slots.delete(el);
      });
    }).observe(doc.documentElement, { childList: true, subtree: true });
    host = { win, doc, config, context: ctx, request, themes: themes.get, render: (slot) => track(slot, true), layouts, strings, translations, h, history, log: config.debug ? console.info.bind(console, '[vitrine]') : () => {} };
    plugins.forEach(run);
    // A search box that is a form already submits to the search page without us; only
    // the results page, or a box Vitrine must draw, needs the search chunk.
    if (doc.querySelector('[data-vitrine-search],[data-vitrine-searchbox]:not(form)')) load('search');
    if (config.debug) load('debug');
  });
  return api;
}
