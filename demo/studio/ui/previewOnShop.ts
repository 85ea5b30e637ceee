import type { Theme } from '../../../src/types/interface';
import { SHOP_PREVIEW_COOKIE, SHOP_PREVIEW_KEY } from '../shopPreviewKeys';
import { themeJson } from '../themeJson';

/**
 * Opens the demo shop (same origin as the studio) with the draft applied to its slots:
 * the draft is left in localStorage, where the shop's pages pick it up (shopPreview.ts).
 * Returns false when storage is blocked and the shop cannot be shown the draft.
 */
export function previewOnShop(theme: Theme, path = '/'): boolean {
  try {
    localStorage.setItem(SHOP_PREVIEW_KEY, JSON.stringify(themeJson(theme)));
  } catch {
    return false;
  }
  window.open(`${path}?${SHOP_PREVIEW_COOKIE}=1`, 'vitrine-shop-preview');
  return true;
}
