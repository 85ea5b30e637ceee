import type { Theme } from '../../types/interface';
import { isWholeWidget } from '../../core/template/renderTemplate';

/**
 * The theme whose card renders search results: the slot's `data-vitrine-theme`, else the
 * theme made for the slot (its divisionId), else the first card theme that is not a
 * bundle. A template that loops `{{#products}}` is a whole widget, not a card, so it is
 * passed over; null means the built-in card.
 */
export function chooseCardTheme(themes: readonly Theme[], slot: { id: string; themeId?: string }): Theme | null {
  const isCard = (t: Theme) => {
    try {
      return !isWholeWidget(t.htmlTemplate);
    } catch {
      return false; // a template that does not parse is no candidate
    }
  };
  const named = slot.themeId ? themes.find((t) => t.themeId === slot.themeId || t.id === slot.themeId) : undefined;
  if (named && isCard(named)) return named;
  const own = slot.id ? themes.find((t) => t.divisionId === slot.id) : undefined;
  if (own && isCard(own)) return own;
  return themes.find((t) => t.displayType !== 'bundle' && isCard(t)) ?? null;
}
