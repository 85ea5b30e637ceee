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
 */
export function readVisitorId(win: Window, store: boolean): string {
  if (!store) return uuid(win.crypto);
  let id: string | null | undefined;
  try {
    id = /(?:^|;\s*)vitrine_uid=([\w-]{8,64})/.exec(win.document.cookie)?.[1];
  } catch {
    /* cookies blocked */
  }
  if (!id) {
    try {
      id = win.localStorage.getItem(KEY);
    } catch {
      /* storage blocked */
    }
    id ||= uuid(win.crypto);
    try {
      win.localStorage.setItem(KEY, id);
    } catch {
      /* memory only */
    }
  }
  // A year from the last visit.
  setCookie(win, id, YEAR);
  return id;
}

/** Consent withdrawn: the stored id goes, from the cookie and from localStorage. */
export function forgetVisitorId(win: Window): void {
  try {
    win.localStorage.removeItem(KEY);
  } catch {
    /* storage blocked: nothing was kept there */
  }
  setCookie(win, '', 0);
}
