import type { Layout } from '../../types/config';
import type { Theme } from '../../types/interface';
import { builtinCard } from './builtinCard';

// Only what rendering reads: one card for every layout, the style is vitrine.css, and
// there is no script.
const builtin = (layout: Layout) => {
  const id = 'vitrine-' + layout;
  return { id, themeId: id, name: id, displayType: layout, htmlTemplate: builtinCard } as Theme;
};

/**
 * The theme of a layout the org has none for, or whose theme is broken. In the script tag
 * build their card is the theme chunk's: until it has run, `htmlTemplate` is undefined.
 */
export const builtinThemes: Record<Layout, Theme> = {
  carousel: builtin('carousel'),
  matrix: builtin('matrix'),
  bundle: builtin('bundle'),
};
