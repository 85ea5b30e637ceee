// The one registry of layouts by name, which mountWidget draws with and the host hands to
// chunks: the carousel, bundle and resume chunks plug theirs in (plugLayouts.ts), the ESM
// build sets them directly (src/index.ts).
import type { Layout } from '../../types/config';
import type { LayoutComponent } from '../../layouts/LayoutProps';
import { Matrix } from '../../layouts/Matrix';

/**
 * The layouts this build holds. The script tag build leaves `carousel` and `bundle` to
 * chunks that add themselves here; until one has, its slots show as a grid. A null
 * prototype: a page's Object.prototype.theme or .carousel is no layout in hand (the chunk
 * of that name would never be asked for).
 */
export const layouts: Partial<Record<Layout, LayoutComponent>> = { __proto__: null, matrix: Matrix } as Partial<Record<Layout, LayoutComponent>>;
