import { h } from 'preact';
import type { LayoutProps } from './LayoutProps';
import { cardProps } from './cardProps';
import type { Card, LaterCard } from './fill';
import { fillString } from '../core/strings/fillString';
import { bare } from '../core/util/bare';
import { carouselStrings } from '../core/strings/carousel';

/**
 * Wires a rendered track: the buttons page through and disable at the ends, and when
 * scrolling settles the live region says which products are in view. The focused track
 * needs no key handler: the browser scrolls it with the arrow keys, snapping slide by
 * slide, right to left too. Plain DOM, no component state: scrolling never re-renders
 * anything. Returns what undoes it all (Preact calls it as the ref's cleanup when the
 * widget unmounts or renders again): a listener left on the window would keep the
 * track, its held cards and through them the whole widget reachable after a
 * single-page app leaves the route.
 */
function wire(viewport: HTMLElement): () => void {
  const [prev, next, track, live] = viewport.children as unknown as [HTMLButtonElement, HTMLButtonElement, HTMLElement, HTMLElement];
  const doc = viewport.ownerDocument;
  const win = doc.defaultView!;
  let timer: ReturnType<typeof setTimeout>;
  // Right-to-left tracks scroll towards negative scrollLeft in current browsers.
  const rtl = () => (win.getComputedStyle(track).direction == 'rtl' ? -1 : 1);
  // Smooth, or instant under prefers-reduced-motion: the track's CSS scroll-behavior decides.
  // A page is what shows clear of both buttons (the slides snap 36 px in from each).
  const by = (pages: number) => track.scrollBy({ left: pages * (track.clientWidth - 76) });
  const update = (scrolled?: unknown) => {
    const had = doc.activeElement;
    // A few pixels of slack: snapping and the track's padding leave the ends a hair off 0.
    const x = Math.abs(track.scrollLeft);
    prev.disabled = x < 6;
    next.disabled = x > track.scrollWidth - track.clientWidth - 6;
    // A button that disables under the keyboard (the last press of Next) hands focus to
    // the track, where the arrow keys go on scrolling, never to <body>.
    if ((had == prev && prev.disabled) || (had == next && next.disabled)) track.focus();
    clearTimeout(timer);
    if (scrolled) timer = setTimeout(() => {
      const box = track.getBoundingClientRect();
      const seen = [...track.children].flatMap((slide, i) => ((r) => (r.left >= box.left - 2 && r.right <= box.right + 2 ? [i + 1] : []))(slide.getBoundingClientRect()));
      if (seen.length) live.textContent = fillString(live.dataset.t!, { from: seen[0], to: seen[seen.length - 1], count: track.children.length });
    }, 200);
  };
  track.onscroll = update;
  // A card reached by Tab that is cut by an edge or under a button moves to where the
  // track snaps, clear of the previous button (the slides' 36 px scroll-margin):
  // the browser's own scroll-into-view leaves it at the far edge, where at 390 px half
  // the cards lost their price to the edge or the next button.
  const focused = (e: Event) => {
    const slide = (e.target as Element).closest('.vitrine__slide');
    const box = track.getBoundingClientRect();
    const r = slide?.getBoundingClientRect();
    if (r && (r.left < box.left + 39 || r.right > box.right - 39)) slide!.scrollIntoView({ block: 'nearest', inline: 'start' });
  };
  track.addEventListener('focusin', focused);
  prev.onclick = () => by(-rtl());
  next.onclick = () => by(rtl());
  // The buttons' first state is whether the end slides are wholly in the track (6 px of
  // slack), from an IntersectionObserver's first report: the browser works that out in
  // its own frame. Reading the track's scroll geometry in that report instead made the
  // browser lay the page out there and then whenever another widget had been drawn since
  // (0.4–0.9 ms traced on the demo product page at phone size). Nothing of ours runs
  // inside a frame either: a ResizeObserver's callback would, and Lighthouse charges the
  // script that runs in a frame with all of its style, layout and paint. Scrolling and a
  // window resize (a phone turned) read the geometry, as they did before.
  const IO = win.IntersectionObserver;
  const slides = track.children;
  const ends = [slides[0], slides[slides.length - 1]];
  const first =
    IO &&
    new IO(
      (entries) => {
        first.disconnect();
        entries.forEach(({ target, intersectionRatio }) => {
          if (target == ends[0]) prev.disabled = intersectionRatio > 0.99;
          if (target == ends[1]) next.disabled = intersectionRatio > 0.99;
        });
      },
      bare({ root: track, rootMargin: '0px 6px' }),
    );
  if (first && ends[0]) ends.forEach((slide) => first.observe(slide));
  else update();
  const resized = () => update();
  win.addEventListener('resize', resized);
  // The slides held empty by this render are filled later, once every ref has run.
  let unfill: (() => void) | undefined;
  let gone: unknown;
  Promise.resolve().then(() => gone || (unfill = later(track, win)));
  return () => {
    gone = 1;
    clearTimeout(timer);
    first && first.disconnect();
    unfill && unfill();
    track.removeEventListener('focusin', focused);
    win.removeEventListener('resize', resized);
  };
}

type Slide = HTMLElement & { _card?: Card | LaterCard; _later?: LaterCard };

/** A slide whose card renders later: kept empty until `later` fills it. */
const hold = (card: LaterCard) => (el: Slide | null) => {
  if (el && el._card != card) {
    el._card = el._later = card;
    el.replaceChildren();
  }
};

/**
 * Fills the slides held empty: those within a track's width of the view as they come
 * near, and the neighbours of a focused slide before the next Tab reaches them. A card
 * nobody scrolls or tabs to costs nothing: filling the rest in idle time cost the demo
 * home page 4–8 ms of main thread within its load (Lighthouse's trace), more than its
 * whole first slot's render. Their images load lazily, whatever the theme says: they
 * start out of view.
 */
function later(track: HTMLElement, win: Window & typeof globalThis): (() => void) | undefined {
  const slides = [...track.children] as Slide[];
  if (!slides.some((s) => s._later)) return;
  const show = (slide?: Slide) => {
    const card = slide?._later;
    if (!card) return;
    slide._later = undefined;
    slide.replaceChildren(card());
    slide.querySelectorAll('img').forEach((img) => (img.loading = 'lazy'));
  };
  // Cards come near several at a time (a track's width of them on a wide screen): they
  // are filled 8 ms of work at a time, at least one per task, the rest in the tasks after,
  // so that on a phone no report of the observer becomes one long task.
  const due: Slide[] = [];
  const fill = () => {
    for (const start = Date.now(); due.length && Date.now() - start < 8; ) show(due.shift());
    if (due.length) win.setTimeout(fill);
  };
  const IO = win.IntersectionObserver;
  const io =
    IO &&
    new IO(
      // Filled in the observers' own task: nothing of ours reads layout there (the
      // buttons' first state comes from a report too), so the cards are laid out in the
      // next frame with the rest.
      (entries) => {
        const idle = !due.length;
        entries.forEach(({ isIntersecting, target }) => {
          if (!isIntersecting) return;
          io.unobserve(target);
          due.push(target as Slide);
        });
        if (idle) fill();
      },
      // Bare, as the widget's own observers: a page's Object.prototype.trackVisibility would
      // make the observer throw and the carousel fail to render.
      bare({ root: track, rootMargin: '0px 100%' }),
    );
  slides.forEach((s) => s._later && io?.observe(s));
  const focused = (e: Event) => {
    const i = slides.indexOf((e.target as Element).closest('.vitrine__slide') as Slide);
    // The track itself (no slide) leads to the first cards, which render with it.
    [i - 1, i + 1, i + 2].forEach((j) => show(slides[j]));
  };
  track.addEventListener('focusin', focused);
  return () => {
    // Cards still due are dropped: the next fill finds none and sets no other timer.
    due.length = 0;
    io && io.disconnect();
    track.removeEventListener('focusin', focused);
  };
}

/**
 * A scroll-snap track with previous/next buttons, following the WAI-ARIA carousel
 * pattern: a labelled region, the controls before the slides in tab order, slides as
 * labelled groups, no auto-rotation (so the live region is polite). Each card's link
 * stays a tab stop of its own (the APG pattern keeps slide content in the tab order);
 * the browser does the scrolling, snapping and touch.
 */
export function Carousel({ cards, view, titleId, title, t: words }: LayoutProps) {
  const t = { ...carouselStrings, ...words };
  const count = cards.length;
  return (
    // A new ref each render: Preact runs the last one's cleanup, then wires the track anew
    // (its slides may have changed), and runs the cleanup alone when the widget unmounts.
    <div class="vitrine__viewport" role="region" aria-roledescription="carousel" aria-labelledby={title ? titleId : undefined} aria-label={title ? undefined : t.carousel} ref={(viewport: HTMLElement | null) => (viewport ? wire(viewport) : undefined)}>
      {/* Disabled from the start, where the track starts: a server carousel not yet taken over shows it so too. */}
      <button type="button" class="vitrine__nav" data-dir="prev" aria-label={t.previous} disabled>
        ‹
      </button>
      <button type="button" class="vitrine__nav" data-dir="next" aria-label={t.next}>
        ›
      </button>
      {/* Not a list: slides are role=group, and a list may hold only list items. */}
      <div class="vitrine__track" tabIndex={0} aria-label={t.track}>
        {cards.map((card, i) => (
          <div
            key={i}
            class="vitrine__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={fillString(t.slide, { index: i + 1, count, name: view.products[i].product_name })}
            data-vitrine-index={i}
            {...(typeof card == 'function' ? { ref: hold(card) } : cardProps(card))}
          />
        ))}
      </div>
      <p class="vitrine__sr" aria-live="polite" data-t={t.inView} />
    </div>
  );
}
