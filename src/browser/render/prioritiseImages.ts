/**
 * A widget's first row in the viewport loads at once and first; every other image waits
 * until it is scrolled near, whatever the theme's markup says. On the demo home page
 * (Lighthouse mobile, simulated) the largest paint was a lazy widget image: 2,235 ms
 * against 1,023 ms without Vitrine.
 *
 * Which images are in view is the browser's answer, not ours: an IntersectionObserver
 * reports each image's box once the page has laid out the widget anyway. Measuring right
 * after the render forced that layout inside our task, a quarter of Vitrine's time on the
 * demo product page. Its first report is the only one used: later scrolling is the lazy
 * loading's business.
 *
 * `firstScreen`: the widget drew only the cards of its first screen (a carousel; the rest
 * are drawn, with lazy images, as they come near), so every image it holds loads now.
 * Waiting for the observer's report cost the demo home page's largest paint a frame
 * (50–70 ms on the emulated phone).
 */
export function prioritiseImages(root: HTMLElement, firstScreen?: boolean): void {
  const images = root.querySelectorAll('img');
  images.forEach((img) => (img.loading = firstScreen ? 'eager' : 'lazy'));
  const IO = root.ownerDocument.defaultView!.IntersectionObserver;
  if (!IO || !images.length) return;
  const io = new IO((entries) => {
    io.disconnect();
    let row: number | undefined;
    for (const { isIntersecting, boundingClientRect: box, target } of entries) {
      if (!isIntersecting || box.top > (row ??= box.top) + box.height / 2) continue;
      (target as HTMLImageElement).loading = 'eager';
      target.setAttribute('fetchpriority', 'high');
    }
  });
  images.forEach((img) => io.observe(img));
}
