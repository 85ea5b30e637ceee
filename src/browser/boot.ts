import type { EmbedHost, Plugin, Resume, Slots, VitrineApi } from './host';
import type { Layout, PageContext } from '../types/config';
export type { VitrineApi } from './host';
import { readConfig } from './config/readConfig';
import type { Settings } from '../types/settings';
import { moduleChunk, moduleStylesheet } from './assets';
import { buildContext, type FullContext } from './context/buildContext';
import { pageReader } from './context/readProduct';
import { createRequester } from '../core/api/createRequester';
import { fetchThemes } from '../core/api/fetchThemes';
import { createThemeStore } from './theme/createThemeStore';
import { layouts } from './render/mountWidget';
import { builtinThemes } from '../core/theme/builtinThemes';
import { createSlots } from './slots/createSlots';
import { sanitizeNodes } from './sanitize/sanitizeHtml';
import { prepareFormat } from './render/prepareFormat';
import { loadChunk } from './sanitize/trustedTypes';
import { createConsent, type Consent } from './consent/createConsent';
import { ATTRIBUTES, TAG } from './slots/element';
import { h } from 'preact';

declare const __VITRINE_VERSION__: string;


const SLOT = '[data-vitrine],' + TAG;

/**
 * Starts Vitrine on a page: reads the settings once, renders every `[data-vitrine]`
 * slot and those added later. Nothing here throws into the page; what went wrong is a
 * `vitrine:error` event on the slot, explained in debug mode by the debug chunk.
 */
export function boot(win: Window & typeof globalThis, script: HTMLScriptElement | null, settings?: Partial<Settings>): VitrineApi | undefined {
  const global = win as unknown as { Vitrine?: Partial<VitrineApi>; vitrineConfig?: unknown };
  // A second copy of the script finds the first one's API and does nothing. Only a plain
  // object is ours (or a theme tool's, set before us): page markup such as
  // `<form id="Vitrine"><input name="version">` or `<iframe name="Vitrine">` is reachable as
  // `window.Vitrine` too, and a cross-origin frame throws on any property read.
  const prior = global.Vitrine && Object.getPrototypeOf(global.Vitrine) == Object.prototype ? global.Vitrine : undefined;
  if (typeof prior?.version == 'string') return;
  const doc = win.document;
  const { config, problems } = readConfig(script, settings || global.vitrineConfig, win.location.href);
  const history: EmbedHost['history'] = [];
  const plugins: Plugin[] = [];
  let overrides: Partial<PageContext> | undefined;
  let context: FullContext | undefined;
  let slots: Slots | undefined;
  let host: EmbedHost | undefined;
  let consent: Consent | undefined;

  const emit = (el: Element, name: string, detail: unknown) => {
    if (config?.debug || config?.setting('analytics')) history.push([el, name, detail]);
    el.dispatchEvent(new win.CustomEvent('vitrine:' + name, { bubbles: true, detail }));
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
  const load = (name: string, done?: () => void) =>
    moduleChunk && !config!.assetBase ? moduleChunk(name).then(done, done) : loadChunk(doc, config!.assetBase, name, config!.nonce, done);
  // The carousel and bundle layouts are chunks of their own: a page of grids needs neither,
  // and most pages never show a bundle. So is the built-in themes' card (`theme`).
  const pending: Partial<Record<Layout | 'theme', Promise<void>>> = {};
  const need = (chunk: Layout | 'theme') => layouts[chunk as Layout] || (pending[chunk] ||= new Promise((done) => load(chunk, done)));
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
    refresh: () => slots?.refresh(),
    render: (element) => scan(element || doc, true),
    setContext(next) {
      // The same page said twice is one page (React's StrictMode runs effects twice in development).
      if (JSON.stringify(next) == JSON.stringify(overrides)) return;
      overrides = { ...next };
      context = undefined;
      api.refresh();
    },
    consent(granted) {
      // Only `true` is a yes: a string "false" or a missing argument must never read as one.
      consent?.set(granted === true);
    },
    use(plugin) {
      plugins.push(plugin);
      if (host) run(plugin);
    },
  };
  global.Vitrine = Object.assign(prior || {}, api);
  if (!config) {
    const why = problems.join('; ');
    console.warn('[vitrine] not started: ' + why);
    ready(() => doc.querySelectorAll<HTMLElement>(SLOT).forEach((el) => emit(el, 'error', { kind: 'config', message: why, status: 0 })));
    return api;
  }

  // The first widget call needs DNS, TCP and TLS to the API: start them while the page
  // parses. A script that runs later (added after the page's load, or by a tag manager)
  // asks within a frame or two, or never on a page whose widgets the server drew, and
  // inserting the hint costs the main thread 0.2–4.5 ms.
  if (doc.readyState == 'loading') add('link', { rel: 'preconnect', href: new URL(config.baseUrl).origin, crossOrigin: '' });
  // Without a script tag to take the folder from (a module script, a tag manager that
  // injects the code) and no `assetBase`, nothing can load: say so once, render without.
  const base = moduleChunk || config.assetBase;
  if (!base) console.warn('[vitrine] no folder to load vitrine.css and the chunks from (document.currentScript is unavailable): set assetBase in window.vitrineConfig');
  // The built-in stylesheet loads beside the data of the first widget rendered here; a
  // widget waits for it (3 s at most) so it never flashes unstyled. The server's widgets
  // carry their styles, so a page that shows only those first asks for none before its
  // first paint. A merchant who links it already is not sent it twice.
  let styling: unknown;
  const styled = () =>
    (styling ||=
      doc.querySelector('link[href$="vitrine.css"]') ||
      (base
        ? new Promise((done) => {
            add('link', { rel: 'stylesheet', href: (moduleStylesheet && !config.assetBase && moduleStylesheet) || config.assetBase + 'vitrine.css', onload: done, onerror: done });
            setTimeout(done, 3000);
          })
        : null));
  // The analytics chunk hears what came before it from `history`, so it stays off the
  // page's path to its largest paint: it is asked for beside the first widget's request
  // (or the resume chunk), so it has run when that widget is drawn, or a second after the
  // page's load on a page without widgets (`Vitrine.attribution` for the shop's code).
  let analyticsAsked = !config.setting('analytics');
  const analytics = () => analyticsAsked || ((analyticsAsked = true), load('analytics'));
  // Taking over the server's widgets is a chunk, asked for by the first slot holding one.
  const resumer: { take?: Resume } = {};
  let resuming: Promise<void> | undefined;
  const resume = () => (analytics(), resuming ||= new Promise<void>((done) => load('resume', done))).then(() => resumer.take);

  const request = createRequester({ ...config, fetch: win.fetch.bind(win) });
  const themes = createThemeStore(win, config.orgId, () => fetchThemes(request, config.orgId));
  const mayStore = () => !!consent!.state();
  const ctx = () => (context ||= buildContext(win, config, overrides, mayStore()));
  // Microdata, RDFa and the platforms' page data are a chunk: fetched only where what the
  // core reads leaves a gap, and the first widget request of such a page waits for it
  // (3 s at most, like the stylesheet: a chunk that never arrives costs its reading only).
  let reading: Promise<unknown> | undefined;
  const read = () => {
    analytics();
    if (!pageReader.read && !reading && ctx().gap) reading = new Promise<void>((done) => (load('page', done), setTimeout(done, 3000))).then(() => (context = undefined));
    return reading ? reading.then(ctx) : ctx();
  };
  slots = createSlots({ win, config, context: read, request, themes: themes.get, strings, styled, need, emit, mayStore, resume });
  consent = createConsent(win, !!config.consent && config.consent != 'granted', (granted, flipped) => {
    // A new answer: the id is stored (or the stored one is gone) at once, the slots that
    // asked for a personal algorithm render again, and the page hears of it.
    if (flipped) {
      context = undefined;
      // Asking for the id is what stores it (or, refused, keeps it in memory only).
      ctx().siteUid;
      slots!.refresh(true);
    }
    emit(doc as unknown as Element, 'consent', { granted });
  });
  // Shopify's Customer Privacy API and TCF CMPs are spoken to by a chunk of their own.
  if (config.consent == 'shopify' || config.consent == 'tcf') load('consent');

  function scan(scope: Element | Document, force?: boolean): void {
    if ((scope as Element).matches?.(SLOT)) slots?.track(scope as HTMLElement, force);
    scope.querySelectorAll<HTMLElement>(SLOT).forEach((el) => slots?.track(el, force));
  }

  // The end of the page's parse and its load are looked for, not listened to: a listener
  // runs inside the browser's own task that finishes the document, and Lighthouse's
  // bootup-time charges all of that task (the parser's last bytes, its style and layout,
  // the load event's own work: 1–4 ms measured on the demo home page) to the first script
  // that runs in it. A look is a timer task of its own, a few microseconds long.
  function when(state: DocumentReadyState, fn: () => void, every: number): void {
    const look = () => (doc.readyState == state || doc.readyState == 'complete' ? fn() : setTimeout(look, every));
    // A task of its own even when the page is ready: an async script often runs just
    // before the page's first paint, which then waits for its evaluation; the slots'
    // scan, the observers and the chunks it asks for need not be part of it.
    setTimeout(look);
  }
  function ready(fn: () => void): void {
    when('interactive', fn, 20);
  }

  // The cart chunk adds what a widget's add-to-cart buttons ask for. It loads when a
  // shopper points at, touches or tabs to one; a press before it has arrived is held and
  // made again once it has (its own listener then takes every press).
  let cart: Promise<unknown> | undefined;
  let carted = false;
  const cartIntent = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('.vitrine [data-vitrine-cart]');
    if (!button || carted) return;
    cart ||= new Promise<void>((done) => load('cart', done)).then(() => (carted = true));
    if (event.type == 'click') {
      event.stopPropagation();
      cart.then(() => (button as HTMLElement).click());
    }
  };
  for (const type of ['pointerover', 'focusin', 'click']) doc.addEventListener(type, cartIntent, { capture: true, passive: type != 'click' });

  ready(() => {
    scan(doc);
    new win.MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => node.nodeType == 1 && scan(node as Element));
        // A framework changed a slot's settings (a prop): show it again. The filter holds
        // both spellings; a `title` changed on a `[data-vitrine]` div re-renders it from the
        // answer already fetched, at no cost to the network.
        if (record.attributeName) slots!.update(record.target as HTMLElement);
      }
      // Removed slots stop being watched and unmount, so nothing keeps them alive.
      slots!.sweep();
    }).observe(doc.documentElement, { childList: true, subtree: true, attributeFilter: ATTRIBUTES.flatMap((name) => [name, 'data-vitrine-' + name]).concat('data-vitrine') });
    host = { win, doc, config, context: ctx, page: pageReader, resume: resumer, mayStore, request, themes: themes.get, render: (slot) => slots!.track(slot, true), slots: slots!, layouts, builtinThemes, strings, translations, h, history, sanitize: sanitizeNodes, prepareFormat, log: config.debug ? console.info.bind(console, '[vitrine]') : () => {} };
    plugins.forEach(run);
    // A search box that is a form already submits to the search page without us; only
    // the results page, or a box Vitrine must draw, needs the search chunk.
    if (doc.querySelector('[data-vitrine-search],[data-vitrine-searchbox]:not(form)')) {
      // The results' room (the stylesheet's `min-height`) is taken as early as can be.
      styled();
      load('search');
    }
    if (config.debug) load('debug');
    when('complete', () => setTimeout(analytics, 1000), 250);
  });
  return api;
}
