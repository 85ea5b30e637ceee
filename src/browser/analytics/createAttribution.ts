/** The widget click that led the shopper to the page they are on (`Vitrine.attribution()`). */
export interface Attribution {
  /** The slot's id (its divisionId). */
  slot: string;
  algorithm: string;
  /** Place of the product in the widget, from 1. */
  position: number;
  sku: string;
  name: string;
  /** When the shopper clicked, in milliseconds since 1970 (`Date.now()`). */
  at: number;
}

/** What is kept: the attribution and the path of the product page the click opened. */
interface Click extends Attribution {
  path: string;
}

export interface AttributionStore {
  /** Remembers a click: in sessionStorage when `mayStore()`, else for this page only. */
  record(click: Attribution, url: string): void;
  /** The click that led to this page (its path, or the page's product sku), else null. */
  current(sku: string | undefined): Attribution | null;
  /** Consent changed: withdrawn drops the stored click, granted stores the one in memory. */
  consent(granted: boolean): void;
}

const KEY = 'vitrine_attribution';

/** A stored click, checked field by field: anything else in that entry is ignored. */
function parse(text: string | null): Click | null {
  try {
    const v = JSON.parse(text || 'null') as Record<string, unknown> | null;
    const str = (key: string) => (v && typeof v[key] == 'string' ? (v[key] as string) : '');
    const num = (key: string) => (v && typeof v[key] == 'number' ? (v[key] as number) : 0);
    return str('slot') && num('at')
      ? { slot: str('slot'), algorithm: str('algorithm'), position: num('position'), sku: str('sku'), name: str('name'), at: num('at'), path: str('path') }
      : null;
  } catch {
    return null;
  }
}

/**
 * Where a product page finds the widget click that opened it. sessionStorage is the
 * tab's own storage: the next page of this tab reads it, a new tab starts without it
 * (https://html.spec.whatwg.org/multipage/webstorage.html#the-sessionstorage-attribute),
 * and it is gone when the tab closes. Nothing is added to product URLs, so no
 * canonical URL or cache key changes. Storage that throws (blocked, private mode) keeps
 * the click for this page only, as before consent.
 */
export function createAttributionStore(win: Window, mayStore: () => boolean): AttributionStore {
  const storage = (): Storage | null => {
    try {
      return win.sessionStorage;
    } catch {
      return null;
    }
  };
  const write = (click: Click | null) => {
    try {
      // An own `toJSON` left undefined (and so not written): a page's Object.prototype.toJSON
      // would otherwise write the click, which is only strings and numbers.
      if (click) storage()?.setItem(KEY, JSON.stringify({ ...click, toJSON: undefined }));
      else storage()?.removeItem(KEY);
    } catch {
      /* full or blocked: memory holds it for this page */
    }
  };
  // Read when first asked (an add to cart, `Vitrine.attribution()`): most page views never
  // ask, and the first touch of a tab's storage costs milliseconds of main thread.
  let last: Click | null | undefined;
  const known = (): Click | null => {
    if (last === undefined) {
      try {
        last = parse(storage()?.getItem(KEY) ?? null);
      } catch {
        /* unreadable: no click is known */
        last = null;
      }
    }
    return last;
  };

  return {
    record(click, url) {
      let path = '';
      try {
        path = new URL(url, win.location.href).pathname;
      } catch {
        /* not a URL: the sku alone can match */
      }
      last = { ...click, path };
      if (mayStore()) write(last);
    },
    current(sku) {
      const click = known();
      if (!click || (click.path != win.location.pathname && !(sku && sku == click.sku))) return null;
      const { path, ...attribution } = click;
      return attribution;
    },
    consent(granted) {
      write(granted ? known() : null);
    },
  };
}
