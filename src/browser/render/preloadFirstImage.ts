import type { WidgetEnvelope } from '../../types/interface';
import { safeUrl } from '../../core/template/safeUrl';

/**
 * Asks for the first product's image as soon as the widget's answer is in, at high
 * priority. On a page whose largest paint is that image (the demo home page's trending
 * carousel), it otherwise waited for the theme list, the layout's chunk, the stylesheet
 * and the draw's steps, and only then started its own round trip. The card's `<img>` is
 * the same URL (`{{product_imageUrl}}` is this field through the same URL rule), so it is
 * taken from the browser's memory cache when it is drawn. A theme that shows no image has
 * cost one image request.
 */
export function preloadFirstImage(doc: Document, envelope: WidgetEnvelope): void {
  const src = safeUrl(envelope.products[0]?.smallImage);
  if (!src) return;
  const img = doc.createElement('img');
  img.setAttribute('fetchpriority', 'high');
  img.src = src;
}
