import type { PageName, WidgetProduct } from '../../types/interface';

/** The page's own product, in the shape widget products have (the bundle shows it first). */
export interface PageProduct extends Partial<WidgetProduct> {
  currency?: string;
  /** The brand JSON-LD names (its `brand.name`). */
  brand?: string;
  /** JSON-LD's name may need the page chunk: it holds a character reference or starts with the brand. */
  doubt?: boolean;
}

/** Everything a source says about the page: its product, currency, language and type. */
export interface PageReading extends PageProduct {
  locale?: string;
  pageType?: PageName;
}
