import type { Requester } from '../core/api/createRequester';
import type { Theme } from '../types/interface';
import type { Config, Layout, PageContext } from '../types/config';

export type { Config, Layout, PageContext };
import type { LayoutComponent } from '../layouts/LayoutProps';
import type { PageReading } from './context/PageReading';
import type { FullContext } from './context/buildContext';
import type { Settings } from '../types/settings';
import type { Attribution } from './analytics/createAttribution';
import type { ServerState } from '../types/server';
import type { MountOptions, MountResult } from './render/mountWidget';
import type { prepareFormat } from './render/prepareFormat';
import type { themeScript } from './theme/themeScript';
import type { CardMaker } from './render/renderCard';

/**
 * What the core embed hands to a chunk loaded later (the search chunk) through
 * `window.Vitrine.use(plugin)`: the parsed config, the page context, the shared requester
 * (so the 403 stop and Retry-After wait are page-wide), cached themes, and a way to render
 * recommendation slots the chunk creates.
 */
export interface EmbedHost {
  win: Window;
  doc: Document;
  config: Config;
  context: () => PageContext;
  request: Requester;
  themes: () => Promise<Theme[]>;
  /** Render (or re-render) a `[data-vitrine]` slot. */
  render: (slot: HTMLElement) => void;
  /** The slot lifecycle itself (the custom element tracks, updates and sweeps through it). */
  slots: Slots;
  /** The layouts the page can show; a layout chunk adds its own here. */
  layouts: Partial<Record<Layout, LayoutComponent>>;
  /** The built-in themes, whose card the theme chunk adds in the script tag build. */
  builtinThemes: Record<Layout, Theme>;
  /** Where the runner of a theme's jsTemplate is, which the theme script chunk adds in the script tag build. */
  themeScript: typeof themeScript;
  /** Where the maker of cards of one structure is, which the cards chunk makes with the core's Mustache and sanitiser. */
  cards: CardMaker;
  /** The core's Preact `h`, which a layout chunk renders with (one copy per page). */
  h: (...args: never[]) => unknown;
  /**
   * The core's sanitiser: a chunk inserts what it returns. A page allows one Trusted
   * Types policy named `vitrine`, and the core holds it.
   */
  sanitize: Sanitize;
  /**
   * Whether Vitrine may store what identifies the visitor: true when no consent mode is
   * set or the visitor granted consent. A `vitrine:consent` event on the document (detail
   * `{ granted }`) says when the answer changes.
   */
  mayStore(): boolean;
  /** The interface strings that replace English on this page: its language's (the strings chunk), then the merchant's. */
  strings: () => Promise<Record<string, string>>;
  /** Words by language (`fr`, `de`, `es`), filled by the strings chunk when it loads. */
  translations: Record<string, Record<string, string>>;
  /** Where the resume chunk puts its taking over of widgets the server rendered. */
  resume?: { take?: Resume };
  /** Where the page chunk puts its reader of microdata, RDFa and platform data. */
  page?: { read?: (win: Window) => PageReading };
  /**
   * Where the search chunk puts what `setContext` tells it: the results (and the boxes)
   * follow a query the app wrote to the address itself.
   */
  search?: { follow: () => void };
  /**
   * Readies the page's number format before a first answer: the core's worker where the
   * page allows one, else a task on the main thread. Settles once the format is made: the
   * search chunk's results wait for it, as widgets do.
   */
  prepareFormat: typeof prepareFormat;
  /** Debug-mode log; a no-op otherwise. */
  log: (...args: unknown[]) => void;
  /** Debug mode only: every event sent so far, for the debug chunk that loads later. */
  history: [Element, string, unknown][];
}

export type Plugin = (host: EmbedHost) => void;

/** Sanitises rendered template markup into nodes (the core's, with its Trusted Types policy). */
export type Sanitize = (html: string, doc: Document) => DocumentFragment;

export interface Slots {
  /** Start watching a slot; `force` renders it now, even if it is watched already. */
  track(el: HTMLElement, force?: boolean): void;
  /**
   * Every slot that is still in the page, fetched and rendered again; with `personal`
   * (consent changed), only those with a personal algorithm, once; with `clientOnly` (the
   * end of the page said more than its start), not those showing the server's widget.
   */
  refresh(personal?: boolean, clientOnly?: boolean): void;
  /** Slots no longer in the page stop being watched and unmount. */
  sweep(): void;
  /** Keeps the slot's fallback and says why with a `vitrine:error` event. */
  fail(el: HTMLElement, kind: string, message: string, extra?: object): void;
  /** A shown slot's attributes changed: fetch and render it again. */
  update(el: HTMLElement): void;
}

export interface VitrineApi {
  version: string;
  /** Fetch and render every slot again (after the cart or visitor changed). */
  refresh(): void;
  /** Render one slot, or every slot inside an element (default: the document). */
  render(element?: Element): void;
  /**
   * The page now shown (single-page apps, after each route change): replaces what the
   * last call said; what it leaves out is read from the page again. Every slot still in
   * the page is requested once more; no `refresh()` is needed after it.
   */
  setContext(context: Partial<PageContext>): void;
  /**
   * The visitor's answer from any consent tool: `true` stores the visitor id and lets
   * personal algorithms run; `false` deletes the stored id and stops them.
   */
  consent(granted: boolean): void;
  /** Extension point the search and debug chunks plug into. */
  use(plugin: Plugin): void;
  /**
   * The widget click that opened this product page in this tab, else null. Set by the
   * analytics chunk (`data-analytics`), so it exists once that chunk has run.
   */
  attribution?(): Attribution | null;
}

declare global {
  interface Window {
    /** Set once Vitrine has started (by the script tag or `start()`). */
    Vitrine?: VitrineApi;
    /** Settings for the script tag, set before it loads (tag managers). */
    vitrineConfig?: Partial<Settings>;
  }
}

/** What the slot lifecycle needs from the page and the rest of the embed. */
export interface SlotDeps {
  win: Window & typeof globalThis;
  config: Config;
  /** The page context; a promise while the page chunk is still reading the page. */
  context: () => FullContext | Promise<FullContext>;
  request: Requester;
  themes: () => Promise<Theme[]>;
  /** The interface strings for the page's language, with the merchant's own on top. */
  strings: () => Promise<Record<string, string>>;
  /**
   * Settles when the built-in stylesheet has loaded (or given up); the first call asks
   * for it. Only a widget rendered in the browser needs it: the server's carry their styles.
   */
  styled: () => unknown;
  /** Settles when a layout can render (the carousel and bundle layouts are chunks), or with `theme`, the built-in themes' card. */
  need: (chunk: Layout | 'theme') => unknown;
  emit: (el: Element, name: string, detail: unknown) => void;
  /** Whether the visitor's consent (or no consent mode) allows personal algorithms. */
  mayStore: () => boolean;
  /** The resume chunk, loaded by the first slot holding a widget the server rendered; undefined when it failed to load. */
  resume: () => Promise<Resume | undefined>;
  /** Settles at the end of the page's parse (a slot may be shown before). */
  ready: Promise<unknown>;
}

/** What the slot lifecycle keeps of a slot. */
export interface SlotState {
  root?: HTMLElement;
  token: number;
  /** The slot names (or its page chose) a personal algorithm: consent changes what it shows. */
  personal?: boolean;
  /** Products in the widget shown now. */
  count?: number;
  /** The slot shows the widget the server rendered (taken over, or its fallback kept). */
  server?: boolean;
}

/** What the resume chunk needs of the slot lifecycle to take a widget over (the core's Preact hydrates it). */
export interface ResumeDeps extends Pick<SlotDeps, 'config' | 'need' | 'strings' | 'emit' | 'mayStore' | 'themes'> {
  mount: (root: HTMLElement, options: MountOptions) => MountResult;
  /** Shows the root in the slot (throws where the slot cannot hold a shadow root). */
  place: (el: HTMLElement, root: HTMLElement) => void;
  fail: Slots['fail'];
  /** Watches a widget root for its impression (once per root, once its render was sent). */
  watch: (root: HTMLElement) => void;
}

/**
 * The resume chunk (`dist/vitrine-resume.js`): takes over the widget `vitrine/server`
 * rendered into the slot, without a request. True when the slot is done with (taken
 * over, moved on, or failed); false when it renders the client way (no state that reads,
 * or a personal algorithm consent no longer allows).
 */
export type Resume = (deps: ResumeDeps, el: HTMLElement, slot: SlotState, current: () => boolean) => Promise<boolean>;
