import { h } from 'preact';
import type { LayoutProps } from './LayoutProps';
import { fill } from './fill';

/**
 * Wires a rendered track once: the buttons page through and disable at the ends, and
 * when scrolling settles the live region says which products are in view. The focused
 * track needs no key handler: the browser scrolls it with the arrow keys, snapping
 * slide by slide, right to left too. Plain DOM, no component state: scrolling never
 * re-renders anything.
 */
// A stable ref: Preact calls it once when the viewport mounts, not on later renders.
function wire(viewport: HTMLElement | null): void {
  if (!viewport) return;
  const [prev, track, next, live] = viewport.children as unknown as [HTMLButtonElement, HTMLElement, HTMLButtonElement, HTMLElement];
  const win = viewport.ownerDocument.defaultView!;
  let timer: ReturnType<typeof setTimeout>;
  // Right-to-left tracks scroll towards negative scrollLeft in current browsers.
  const rtl = () => (win.getComputedStyle(track).direction == 'rtl' ? -1 : 1);
  // Smooth, or instant under prefers-reduced-motion: the track's CSS scroll-behavior decides.
  const by = (pages: number) => track.scrollBy({ left: pages * track.clientWidth });
  const update = (scrolled?: unknown) => {
    // A few pixels of slack: snapping and the track's padding leave the ends a hair off 0.
    const x = Math.abs(track.scrollLeft);
    prev.disabled = x < 6;
    next.disabled = x > track.scrollWidth - track.clientWidth - 6;
    clearTimeout(timer);
    if (scrolled) timer = setTimeout(() => {
      const box = track.getBoundingClientRect();
      const seen = [...track.children].flatMap((slide, i) => ((r) => (r.left >= box.left - 2 && r.right <= box.right + 2 ? [i + 1] : []))(slide.getBoundingClientRect()));
      if (seen.length) live.textContent = `Products ${seen[0]} to ${seen[seen.length - 1]} of ${track.children.length}`;
    }, 200);
  };
  track.onscroll = update;
  prev.onclick = () => by(-rtl());
  next.onclick = () => by(rtl());
  // The observer's first report comes after layout and before paint, so the buttons are
  // right on the first frame without forcing a layout inside every carousel mount.
  new win.ResizeObserver(() => update()).observe(track);
}

/**
 * A scroll-snap track with previous/next buttons, following the WAI-ARIA carousel
 * pattern: a labelled region, slides as labelled groups, no auto-rotation (so the live
 * region is polite). The browser does the scrolling, snapping and touch.
 */
export function Carousel({ cards, view, titleId, title }: LayoutProps) {
  const count = cards.length;
  return (
    <div class="vitrine__viewport" role="region" aria-roledescription="carousel" aria-labelledby={title ? titleId : undefined} aria-label={title ? undefined : 'Recommended products'} ref={wire}>
      <button type="button" class="vitrine__nav" data-dir="prev" aria-label="Previous products">
        ‹
      </button>
      {/* Not a list: slides are role=group, and a list may hold only list items. */}
      <div class="vitrine__track" tabIndex={0} aria-label="Products, scroll with the arrow keys">
        {cards.map((card, i) => (
          <div
            key={i}
            class="vitrine__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${view.products[i].product_name}`}
            data-vitrine-index={i}
            ref={fill(card)}
          />
        ))}
      </div>
      <button type="button" class="vitrine__nav" data-dir="next" aria-label="Next products">
        ›
      </button>
      <p class="vitrine__sr" aria-live="polite" />
    </div>
  );
}
