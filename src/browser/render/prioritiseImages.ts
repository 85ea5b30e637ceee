/**
 * A widget's first row in the viewport loads at once and first; every other image waits
 * until it is scrolled near, whatever the theme's markup says. On the demo home page
 * (Lighthouse mobile, simulated) the largest paint was a lazy widget image: 2,235 ms
 * against 1,023 ms without Vitrine. Runs once per render, after the widget is in the
 * page; its one layout read is the layout the browser would do before painting anyway.
 */
export function prioritiseImages(root: HTMLElement): void {
  const { innerHeight, innerWidth } = root.ownerDocument.defaultView!;
  let row: number | undefined;
  root.querySelectorAll('img').forEach((img) => {
    const { top, bottom, left, height } = img.getBoundingClientRect();
    const first = top <= (row ??= top) + height / 2 && top < innerHeight && bottom >= 0 && left < innerWidth;
    img.loading = first ? 'eager' : 'lazy';
    if (first) img.setAttribute('fetchpriority', 'high');
  });
}
