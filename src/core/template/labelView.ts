import type { WidgetView } from './buildView';
import type { Strings } from '../strings/en';

/**
 * The interface words a theme places with `{{label_…}}`, from the page's strings: one
 * place for the browser's and the server's views, so both print the same words.
 */
export function labelView(view: WidgetView, t: Strings): WidgetView {
  view.label_was = t.was;
  view.label_now = t.now;
  view.label_addToCart = t.addToCart;
  return view;
}
