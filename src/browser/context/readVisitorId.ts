const KEY = 'vitrine_uid';
const YEAR = 31536000;

function uuid(crypto: Crypto): string {
  if (crypto.randomUUID) return crypto.randomUUID();
  // randomUUID needs a secure context (https or localhost). Plain-http shops get 128
  // random bits as 32 hex digits: an id the service takes as it takes any other.
  return Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(16).padStart(8, '0')).join('');
}

/** Writes (or, with max-age 0, deletes) the id cookie; `Secure` wherever the page is https. */
function setCookie(win: Window, id: string, maxAge: number): void {
  try {
    win.document.cookie = `${KEY}=${id}; max-age=${maxAge}; path=/; SameSite=Lax${win.location.protocol == 'https:' ? '; Secure' : ''}`;
  } catch {
    /* cookies blocked */
  }
}

/** Per page, the id read and not yet written back: read again meanwhile, it is the same id. */
const unsaved = new WeakMap<Window, string>();

/** Per page, the id's cookie as the browser's cookie store gave it, read as `document.cookie` would be. */
const heard = new WeakMap<Window, string>();

/** Per page, the cookie store's answer still awaited: asked for twice meanwhile, it is asked for once. */
const hearing = new WeakMap<Window, Promise<unknown>>();

/**
 * Asks the browser's cookie store for the id, as soon as a slot is found: where it has
 * answered by the time a widget call needs the id, `readVisitorId` reads no
 * `document.cookie`, which waits for the browser on the main thread (6–22 ms at 4× CPU on
 * the demo home page while it loads, more on a busy machine). Nothing waits for this
 * answer: it came 23–440 ms after the question there, its task held back by the page's.
 * Where there is no Cookie Store API (a page over plain http, Safari before 18.4), it
 * fails, or there is no such cookie yet, nothing is heard.
 */
export function askVisitorId(win: Window): void {
  if (hearing.has(win) || heard.has(win)) return;
  type Store = { get(name: string): Promise<{ name?: unknown; value?: unknown } | null> };
  // A page without the API (or whose `cookieStore` throws) throws here: nothing is heard.
  // Only the id's own cookie is taken: no cookie at all, or a page's stand-in that answers
  // something else (another cookie, a bare value), leaves the cookie to be read.
  const asked: Promise<unknown> = new Promise<{ name?: unknown; value?: unknown } | null>((answer) => answer((win as unknown as { cookieStore: Store }).cookieStore.get(KEY)))
    .then((cookie) => cookie?.name === KEY && typeof cookie.value == 'string' && hearing.get(win) == asked && heard.set(win, KEY + '=' + cookie.value))
    .catch(() => {})
    .then(() => hearing.get(win) == asked && hearing.delete(win));
  hearing.set(win, asked);
}

/**
 * The visitor id. With `store` (no consent needed, or given) it is a first-party id kept
 * in a cookie and in localStorage, created once; storage that throws (Safari private
 * mode, blocked cookies) leaves it in memory for the page. Without `store` nothing on
 * the device is read or written: a random id lives in memory for this page only.
 *
 * The cookie is read first and, when it holds the id, is the only storage touched: it is
 * the id a shop's server reads too (server-rendered widgets are for that visitor), and a
 * page's first localStorage access costs a synchronous read of the whole storage area
 * (1–2 ms measured in Chromium). localStorage is the copy that outlives a cleared cookie.
 *
 * The writes (the cookie renewed for a year from this visit, a new id's localStorage
 * copy) are made in a task of their own after this one: the id is most often read in the
 * task that sends the first widget call, which on a phone they made long. Until then the
 * id is kept in memory, so a second read gives the same id; consent withdrawn meanwhile
 * (`forgetVisitorId`) drops the writes.
 */
export function readVisitorId(win: Window, store: boolean): string {
  if (!store) return uuid(win.crypto);
  let id = unsaved.get(win);
  if (id) return id;
  let kept: string | null | undefined;
  try {
    // What the cookie store said serves this read only: the cookie is written after it.
    kept = /(?:^|;\s*)vitrine_uid=([\w-]{8,64})/.exec(heard.get(win) ?? win.document.cookie)?.[1];
  } catch {
    /* cookies blocked */
  }
  // An answer still to come is of a cookie this read may be about to write.
  heard.delete(win);
  hearing.delete(win);
  try {
    kept ||= win.localStorage.getItem(KEY);
  } catch {
    /* storage blocked */
  }
  unsaved.set(win, (id = kept || uuid(win.crypto)));
  setTimeout(() => {
    if (unsaved.get(win) != id) return;
    unsaved.delete(win);
    try {
      // A new id: its copy that outlives a cleared cookie.
      kept || win.localStorage.setItem(KEY, id!);
    } catch {
      /* memory only */
    }
    // A year from the last visit.
    setCookie(win, id!, YEAR);
  });
  return id;
}

/** Consent withdrawn: the stored id goes, from the cookie and from localStorage, and one not yet written is not. */
export function forgetVisitorId(win: Window): void {
  unsaved.delete(win);
  heard.delete(win);
  hearing.delete(win);
  try {
    win.localStorage.removeItem(KEY);
  } catch {
    /* storage blocked: nothing was kept there */
  }
  setCookie(win, '', 0);
}
