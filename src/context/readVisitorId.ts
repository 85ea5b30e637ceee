const KEY = 'vitrine_uid';
const YEAR = 31536000;

function uuid(crypto: Crypto): string {
  if (crypto.randomUUID) return crypto.randomUUID();
  // randomUUID needs a secure context (https or localhost); plain-http shops get the same
  // 122 random bits, spelt as a version 4 UUID.
  return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) => (+c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (+c / 4)))).toString(16));
}

/**
 * A first-party visitor id kept in a cookie (`SameSite=Lax`, `Secure` on https) and in
 * localStorage, created once. Storage
 * that throws (Safari private mode, blocked cookies) leaves the id in memory for the page.
 */
export function readVisitorId(win: Window): string {
  let id: string | undefined;
  try {
    id = win.localStorage.getItem(KEY) || undefined;
  } catch {
    /* storage blocked */
  }
  try {
    id ||= /(?:^|;\s*)vitrine_uid=([\w-]{8,64})/.exec(win.document.cookie)?.[1];
  } catch {
    /* cookies blocked */
  }
  id ||= uuid(win.crypto);
  try {
    win.localStorage.setItem(KEY, id);
  } catch {
    /* memory only */
  }
  try {
    // Secure on https: the id never travels over a plain-http request to the shop.
    win.document.cookie = `${KEY}=${id}; max-age=${YEAR}; path=/; SameSite=Lax` + (win.location.protocol == 'https:' ? '; Secure' : '');
  } catch {
    /* memory only */
  }
  return id;
}
