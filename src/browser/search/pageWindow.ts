/**
 * Page numbers to show around the current one: always the first and last, two on each
 * side of the current page, and 0 where a gap (…) stands for the pages left out.
 */
export function pageWindow(current: number, pages: number): number[] {
  const out: number[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= 2) out.push(p);
    else if (out[out.length - 1] !== 0) out.push(0);
  }
  return out;
}
