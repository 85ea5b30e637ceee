import type { PageName, WidgetProduct } from '../../types/interface';

/** The page's own product, in the shape widget products have (the bundle shows it first). */
export interface PageProduct extends Partial<WidgetProduct> {
  currency?: string;
}

/** Everything a source says about the page: its product, currency, language and type. */
export interface PageReading extends PageProduct {
  locale?: string;
  pageType?: PageName;
}
