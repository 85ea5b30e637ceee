import type { Layout } from '../../types/config';
import type { Theme } from '../../types/interface';
import { LAYOUTS } from '../slots/slotSpec';
import { builtinThemes } from './builtinThemes';

export interface ThemeChoice {
  theme: Theme;
  layout: Layout;
}

/**
 * The slot's `data-vitrine-theme`, else the theme made for this slot (its divisionId),
 * else one whose displayType is the layout, else the built-in theme of that layout.
 * The layout is the slot's own, else the chosen theme's, else bundle for cross-sell
 * and carousel otherwise.
 */
export function chooseTheme(themes: Theme[], slot: { divisionId: string; themeId?: string; layout?: Layout }, fallbackLayout: Layout): ThemeChoice {
  const asLayout = (t: Theme): Layout | undefined => (LAYOUTS.includes(t.displayType as Layout) ? (t.displayType as Layout) : undefined);
  const named = slot.themeId ? themes.find((t) => t.themeId === slot.themeId || t.id === slot.themeId) : undefined;
  const own = named || themes.find((t) => t.divisionId === slot.divisionId);
  if (own) return { theme: own, layout: slot.layout || asLayout(own) || fallbackLayout };
  const layout = slot.layout || fallbackLayout;
  return { theme: themes.find((t) => t.displayType === layout) || builtinThemes[layout], layout };
}
