import type { EmbedHost, Plugin, Slots, VitrineApi } from './host';
import type { PageContext } from '../types/config';
export type { VitrineApi } from './host';
import type { Settings } from '../types/settings';
import { readConfig, type ConfigResult } from './config/readConfig';
import { moduleChunk } from './chunks/assets';
import { createChunks } from './chunks/createChunks';
import { loadCartOnIntent } from './chunks/loadCartOnIntent';
import { buildContext, type FullContext } from './context/buildContext';
import { pageReader } from './context/readProduct';
import { createRequester } from '../core/api/createRequester';
import { fetchThemes } from '../core/api/fetchThemes';
import { createThemeStore } from './theme/createThemeStore';
import { addToHead, linkStylesheet } from './theme/linkStylesheet';
import { layouts } from './layouts/layouts';
import { builtinThemes } from '../core/theme/builtinThemes';
import { themeScript } from './theme/themeScript';
import { cardMaker } from './render/cardMaker';
import { createSlots } from './slots/createSlots';
import { SLOT, scanSlots, watchSlots } from './slots/watchSlots';
import { sanitizeNodes } from './sanitize/sanitizeHtml';
import { prepareFormat } from './render/prepareFormat';
import { createConsent, type Consent } from './consent/createConsent';
import { forgetVisitorId } from './context/readVisitorId';
import { soon, when, whenReady } from './whenReady';
import { h } from 'preact';
import { bare } from '../core/util/bare';
import { toJson } from '../core/util/toJson';

declare const __VITRINE_VERSION__: string;

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
  // Whether events are kept for the debug chunk and analytics: the settings, read in the
  // start's task (below), say so.
  let keep = false;
  const history: EmbedHost['history'] = [];
  const plugins: Plugin[] = [];
  let overrides: Partial<PageContext> | undefined;
  let context: FullContext | undefined;
  let slots: Slots | undefined;
  let host: EmbedHost | undefined;
  // What the page handed to render() before the slots start (a tag manager calls it in the
  // script's load event): rendered as they do.
  const early: (Element | undefined)[] = [];
  let consent: Consent | undefined;
  // The visitor's answers given before the start read the settings, in order: applied once
  // it has (a no then a yes makes a new id, as it does after the start).
  const answers: boolean[] = [];

  const emit = (el: Element, name: string, detail: unknown) => {
    if (keep) history.push([el, name, detail]);
    // Through the prototype: a form's control named `dispatchEvent` shadows the method.
    win.EventTarget.prototype.dispatchEvent.call(el, new win.CustomEvent('vitrine:' + name, { bubbles: true, detail }));
  };
  const run = (plugin: Plugin) => {
    try {
      plugin(host!);
    } catch {
      /* a broken chunk never reaches the page */
    }
  };
  const api: VitrineApi = {
    version: __VITRINE_VERSION__,
    refresh: () => slots?.refresh(),
    render: (element) => (slots ? scanSlots(slots, element || doc, true) : early.push(element)),
    setContext(next) {
      // Before the same-page check: a search page that stays one while the app writes
      // another query to the address is told each time (the chunk asks once a query).
      host?.search?.follow();
      // The same page said twice is one page (React's StrictMode runs effects twice in development).
      // Compared by own fields: `JSON.stringify` asks a page's `Object.prototype.toJSON`,
      // and one that answers the same for every object would hold every widget on the first page.
      if (toJson(next) == toJson(overrides)) return;
      // Own fields only, on a null prototype: a page's Object.prototype.pname is no page.
      overrides = bare(next);
      context = undefined;
      api.refresh();
    },
    consent(granted) {
      // Only `true` is a yes: a string "false" or a missing argument must never read as one.
      const yes = granted === true;
      if (consent) consent.set(yes);
      else {
        answers.push(yes);
        // Before the start, a no deletes a stored id at once: the start may come late.
        if (!yes) forgetVisitorId(win);
      }
    },
    use(plugin) {
      plugins.push(plugin);
      if (host) run(plugin);
    },
  };
  global.Vitrine = Object.assign(prior || {}, api);

  // The script's own task ends here, with the API in place: on a phone, evaluating the
  // script is long enough without what follows (reading the settings alone took 7 ms at
  // the median there). The rest starts in a task of its own: queued ahead of the page's
  // where the parser has reached a slot already (as a timer, it waited behind the parser
  // and the page's layouts, up to 1.3 s on the demo home page at 4× CPU, and the first
  // widget's call with it); a timer where it has not, so the parser gets on to the slots
  // first (started ahead of it, no slot is found and the slots wait for the end of the page).
  (doc.querySelector(SLOT) ? soon : setTimeout)(() => {
    let read: ConfigResult;
    try {
      read = readConfig(script, settings || global.vitrineConfig, win.location.href);
    } catch {
      // A page's `vitrineConfig` (or `dataset`) whose getters throw: nothing of it is ours to
      // read, and no error of ours reaches the page.
      read = { config: null, problems: ['the settings could not be read'] };
    }
    const { config, problems } = read;
    if (!config) {
      const why = problems.join('; ');
      console.warn('[vitrine] not started: ' + why);
      whenReady(doc, () => doc.querySelectorAll<HTMLElement>(SLOT).forEach((el) => emit(el, 'error', { kind: 'config', message: why, status: 0 })));
      return;
    }
    keep = !!(config.debug || config.setting('analytics'));
    const mayStore = () => !!consent!.state();
    const ctx = () => (context ||= buildContext(win, config, overrides, mayStore()));
    consent = createConsent(win, !!config.consent && config.consent != 'granted', (granted, flipped) => {
      // A new answer: the id is stored (or the stored one is gone) at once, the slots that
      // asked for a personal algorithm render again (none has before the slots start), and
      // the page hears of it.
      if (flipped) {
        context = undefined;
        // Asking for the id is what stores it, a task later (or, refused, keeps it in memory only).
        ctx().siteUid;
        slots?.refresh(true);
      }
      emit(doc as unknown as Element, 'consent', { granted });
    });
    for (const yes of answers) consent.set(yes);
    // The first widget call needs DNS, TCP and TLS to the API: start them while the page
    // parses. A script that runs later (added after the page's load, or by a tag manager)
    // asks within a frame or two, or never on a page whose widgets the server drew, and
    // inserting the hint costs the main thread 0.2–4.5 ms (four times that on a phone).
    if (doc.readyState == 'loading') addToHead(doc, config, 'link', { rel: 'preconnect', href: new URL(config.baseUrl).origin, crossOrigin: '' });
    // Without a script tag to take the folder from (a module script, a tag manager that
    // injects the code) and no `assetBase`, nothing can load: say so once, render without.
    const base = moduleChunk || config.assetBase;
    if (!base) console.warn('[vitrine] no folder to load vitrine.css and the chunks from (document.currentScript is unavailable): set assetBase in window.vitrineConfig');
    const styled = linkStylesheet(doc, config, base);
    const request = createRequester({ ...config, fetch: win.fetch.bind(win) });
    const themes = createThemeStore(win, config.orgId, () => fetchThemes(request, config.orgId));
    // A slot in view starts while the page still arrives: `parsed` settles at its end.
    let parsed!: () => void;
    const ready = new Promise<void>((done) => (parsed = done));
    // What the page says, the visitor id aside (read once, then kept; not read here), by
    // own fields: a page's `toJSON` decides nothing.
    const facts = (c: FullContext) => toJson(Object.keys(c).map((key) => (key == 'siteUid' ? 0 : [key, c[key as keyof FullContext]])));
    const chunks = createChunks(doc, config, ctx, () => (context = undefined), ready);
    const { _chunk: chunk, _analytics: analytics } = chunks;
    slots = createSlots({ win, config, request, themes: themes.get, styled, emit, mayStore, ready, ...chunks });
    // Chunks plug in as they arrive, while the page may still arrive: a slot in view is
    // drawn with its layout before the end of a page that streams on (a chunk that needs
    // the whole page, such as consent, analytics or the cart, waits for it itself).
    host = { win, doc, config, context: ctx, page: pageReader, resume: chunks._resumer, mayStore, request, themes: themes.get, render: (slot) => slots!.track(slot, true), slots, layouts, builtinThemes, themeScript, cards: cardMaker, strings: chunks.strings, translations: chunks._translations, h, history, sanitize: sanitizeNodes, prepareFormat, log: config.debug ? console.info.bind(console, '[vitrine]') : () => {} };
    plugins.forEach(run);
    // Shopify's Customer Privacy API and TCF CMPs are spoken to by a chunk of their own.
    if (config.consent == 'shopify' || config.consent == 'tcf') chunk('consent');
    loadCartOnIntent(doc, chunk);
    // The slots the parser has reached are watched at once: the observer's first report,
    // and the widget calls of those in view, need not wait for the end of the page.
    early.forEach((element) => api.render(element));
    scanSlots(slots, doc);

    whenReady(doc, () => {
      // A context read before the end of the page is read again: a page that said more
      // further down (its product, a currency) has its slots shown again with it, but for
      // the widgets the server rendered, which it knew the page for.
      if (context && facts(context) != facts(buildContext(win, config, overrides, false))) {
        context = undefined;
        slots!.refresh(false, true);
      }
      // The results' room (the stylesheet's `min-height`) is taken as early as can be.
      watchSlots(win, slots!, () => (styled(), chunk('search')));
      parsed();
      if (config.debug) chunk('debug');
      when(doc, 'complete', () => setTimeout(analytics, 1000), 250);
    });
  });
  return api;
}
