/** One line of the cart: a product, its size and how many. */
export interface CartLine {
  sku: string;
  size: string;
  qty: number;
}

export const CART_COOKIE = 'mv_cart';
/** Enough for any real basket, and keeps the cookie far below the 4 KB browsers allow. */
const MAX_LINES = 30;

/** Reads the cart from the Cookie header; anything unreadable is left out. */
export function readCart(cookieHeader: string | undefined): CartLine[] {
  const pair = (cookieHeader ?? '').split(/;\s*/).find((c) => c.startsWith(`${CART_COOKIE}=`));
  if (!pair) return [];
  let text: string;
  try {
    text = decodeURIComponent(pair.slice(CART_COOKIE.length + 1));
  } catch {
    return [];
  }
  return text.split('|').flatMap((entry) => {
    const [sku, size, qty] = entry.split('~');
    const n = Number(qty);
    return sku && size && Number.isInteger(n) && n > 0 && n < 100 ? [{ sku, size, qty: n }] : [];
  }).slice(0, MAX_LINES);
}

/** The Set-Cookie value for a cart (an empty cart expires the cookie). */
export function cartCookie(lines: readonly CartLine[]): string {
  const value = lines.slice(0, MAX_LINES).map((l) => `${l.sku}~${l.size.replace(/[~|]/g, '')}~${l.qty}`).join('|');
  return `${CART_COOKIE}=${encodeURIComponent(value)}; Path=/; SameSite=Lax; Max-Age=${lines.length ? 2_592_000 : 0}`;
}

/** Adds a product, merging with a line of the same product and size. */
export function addToCart(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const same = lines.findIndex((l) => l.sku === line.sku && l.size === line.size);
  if (same === -1) return [...lines, line];
  return lines.map((l, i) => (i === same ? { ...l, qty: Math.min(99, l.qty + line.qty) } : l));
}
