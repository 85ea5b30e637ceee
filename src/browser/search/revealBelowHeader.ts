/**
 * Scrolls `el` to the top of the viewport, then, when the page's sticky or fixed header
 * covers it (most shop themes have one), back down by the part that is covered, plus a
 * little air. The header's height is read, not guessed: it differs per shop and per
 * breakpoint.
 */
export function revealBelowHeader(win: Window, el: HTMLElement): void {
  el.scrollIntoView({ block: 'start' });
  const top = el.getBoundingClientRect().top;
  const left = el.getBoundingClientRect().left + 1;
  let node = win.document.elementFromPoint(left, Math.max(0, top) + 1);
  for (; node && node !== win.document.body && !el.contains(node); node = node.parentElement) {
    const position = win.getComputedStyle(node).position;
    if (position === 'fixed' || position === 'sticky') {
      const covered = node.getBoundingClientRect().bottom - top;
      if (covered > 0) win.scrollBy(0, -(covered + 16));
      return;
    }
  }
}
