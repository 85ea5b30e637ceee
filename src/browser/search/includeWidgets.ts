import type { AlgorithmName, IncludeWidget } from '../../types/interface';
import type { SearchStrings } from '../../core/strings/search';

export interface IncludedWidget {
  algorithm: AlgorithmName;
  /** Which interface string titles the widget. */
  title: keyof SearchStrings;
  /** Needs a product: the top search result stands in for the viewed product. */
  anchored: boolean;
}

/**
 * The search configuration's `includeWidgets` names, mapped onto algorithms of the
 * catalogue. A search page has no viewed product, so the anchored ones take the top
 * result as theirs:
 * - siteRecentView → recentviews: the same thing by another name.
 * - siteCategoryBasedRecommendation → categoryreco: "products of the category of the
 *   viewed product", with the top result's sku.
 * - siteMoreItemsToConsider → trending: what sells across categories now. Not
 *   viewedalsoviewed on the top result: that request carries the visitor id with a
 *   product name, which the service may count as a view the shopper never made.
 * - siteUpSell → contentbasedreco: products of the same content type as the top result,
 *   the alternatives an up-sell offers (no algorithm ranks by price or margin).
 */
export const INCLUDE_WIDGETS: Readonly<Record<IncludeWidget, IncludedWidget>> = {
  siteRecentView: { algorithm: 'recentviews', title: 'searchRecent', anchored: false },
  siteCategoryBasedRecommendation: { algorithm: 'categoryreco', title: 'searchMoreCategory', anchored: true },
  siteMoreItemsToConsider: { algorithm: 'trending', title: 'searchMoreItems', anchored: false },
  siteUpSell: { algorithm: 'contentbasedreco', title: 'searchUpSell', anchored: true },
};

/**
 * interface.md has no GET for the search configuration, so the page cannot read its
 * `includeWidgets`; the sandbox's default configuration names these two. A merchant
 * lists others in `data-vitrine-include-widgets` (comma or space separated; empty or
 * `none` for no widgets).
 */
export const DEFAULT_INCLUDE_WIDGETS: readonly IncludeWidget[] = ['siteRecentView', 'siteCategoryBasedRecommendation'];

/** Reads the slot attribute; unknown names are reported and left out. */
export function readIncludeWidgets(attribute: string | undefined, log: (...args: unknown[]) => void): IncludeWidget[] {
  if (attribute === undefined) return [...DEFAULT_INCLUDE_WIDGETS];
  const names = attribute.split(/[\s,]+/).filter((n) => n && n !== 'none');
  return names.filter((name): name is IncludeWidget => {
    const known = Object.prototype.hasOwnProperty.call(INCLUDE_WIDGETS, name);
    if (!known) log(`data-vitrine-include-widgets: "${name}" is not one of ${Object.keys(INCLUDE_WIDGETS).join(', ')}`);
    return known;
  });
}
