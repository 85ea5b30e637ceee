// The one registry of layouts by name, which mountWidget draws with and the host hands to
// chunks: the carousel, bundle and resume chunks plug theirs in (plugLayouts.ts), the ESM
// build sets them directly (src/index.ts).
import type { Layout } from '../../types/config';
import type { LayoutComponent } from '../../layouts/LayoutProps';
import { Matrix } from '../../layouts/Matrix';

/**
 * The layouts this build holds. The script tag build leaves `carousel` and `bundle` to
 * chunks that add themselves here; until one has, its slots show as a grid.
 */
export const layouts: Partial<Record<Layout, LayoutComponent>> = { matrix: Matrix };
