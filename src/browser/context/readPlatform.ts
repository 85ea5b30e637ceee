import type { PageReading } from './PageReading';
import type { Platform } from './platforms/Platform';
import { readSource } from './readSource';

/**
 * What one storefront platform's own page data say: the page type its markers name, and
 * the product's name and SKU, the currency and the locale where it states them.
 */
export function readPlatform(win: Window, platform: Platform): PageReading {
  const body = win.document.body;
  const { page, pages } = platform;
  // OpenCart 2 writes the route then the product's or category's id (`product-product-42`).
  const words = (page ? readSource(win, page) || '' : body ? body.className + ' ' + body.id : '').split(/\s+/).map((word) => word.replace(/-\d+$/, ''));
  const found: PageReading = {};
  for (const word in pages) if (words.includes(word)) found.pageType ||= pages[word];
  for (const field of ['name', 'sku', 'currency', 'locale'] as const) {
    const where = platform[field];
    if (where) found[field] = typeof where == 'string' ? readSource(win, where) : where(win);
  }
  return found;
}
