import { h } from 'preact';
import type { LayoutProps } from './LayoutProps';

const smooth = (win: Window): ScrollBehavior => (win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/**
 * Wires a rendered track once: buttons disable at the ends, and when scrolling settles
 * the live region tells which products are in view. Plain DOM, no component state:
 * scrolling never re-renders anything.
 */
function wire(viewport: HTMLElement | null): void {
  if (!viewport || (viewport as { _wired?: boolean })._wired) return;
  (viewport as { _wired?: boolean })._wired = true;
  const [prev, track, next, live] = Array.from(viewport.children) as HTMLElement[] as [HTMLButtonElement, HTMLElement, HTMLButtonElement, HTMLElement];
  const win = viewport.ownerDocument.defaultView!;
  let timer: ReturnType<typeof setTimeout>;
  const update = () => {
    // Right-to-left tracks scroll towards negative scrollLeft in current browsers.
    const x = Math.abs(track.scrollLeft);
    const max = track.scrollWidth - track.clientWidth;
    prev.disabled = x < 2;
    next.disabled = x > max - 2;
  };
  const go = (logical: number) => {
    const rtl = win.getComputedStyle(track).direction == 'rtl';
    track.scrollBy({ left: logical * track.clientWidth * (rtl ? -1 : 1), behavior: smooth(win) });
  };
  track.addEventListener(
    'scroll',
    () => {
      update();
      clearTimeout(timer);
      timer = setTimeout(() => {
        const box = track.getBoundingClientRect();
        const seen = Array.from(track.children)
          .map((slide, i) => ((r) => (r.left >= box.left - 2 && r.right <= box.right + 2 ? i + 1 : 0))(slide.getBoundingClientRect()))
          .filter(Boolean);
        if (seen.length) live.textContent = `Products ${seen[0]} to ${seen[seen.length - 1]} of ${track.children.length}`;
      }, 200);
    },
    { passive: true },
  );
  track.addEventListener('keydown', (event) => {
    const key = event.key;
    if (event.target != track) return;
    if (key == 'ArrowRight' || key == 'ArrowLeft') track.scrollBy({ left: (key == 'ArrowRight' ? 1 : -1) * track.clientWidth, behavior: smooth(win) });
    else if (key == 'Home' || key == 'End') go(key == 'Home' ? -1e6 : 1e6);
    else return;
    event.preventDefault();
  });
  prev.onclick = () => go(-1);
  next.onclick = () => go(1);
  if (typeof ResizeObserver == 'function') new ResizeObserver(update).observe(track);
  update();
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
      <ul class="vitrine__track" tabIndex={0} aria-label="Products, scroll with the arrow keys">
        {cards.map((html, i) => (
          <li
            key={i}
            class="vitrine__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${view.products[i].product_name}`}
            data-vitrine-index={i}
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ))}
      </ul>
      <button type="button" class="vitrine__nav" data-dir="next" aria-label="Next products">
        ›
      </button>
      <p class="vitrine__sr" aria-live="polite" />
    </div>
  );
}
