const KEY = 'vitrine_uid';
const YEAR = 31536000;

function uuid(crypto: Crypto | undefined): string {
  if (crypto?.randomUUID) return crypto.randomUUID();
  // randomUUID needs a secure context (https or localhost); plain-http shops still get an id.
  const bytes = new Uint8Array(16);
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = (Math.random() * 256) | 0;
  bytes[6] = (bytes[6] & 15) | 64;
  bytes[8] = (bytes[8] & 63) | 128;
  const hex = Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A first-party visitor id kept in a cookie and in localStorage, created once. Storage
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
    win.document.cookie = `${KEY}=${id}; max-age=${YEAR}; path=/; SameSite=Lax`;
  } catch {
    /* memory only */
  }
  return id;
}
