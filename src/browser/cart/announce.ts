/**
 * Says `text` in the widget's polite live region, made the first time a widget needs
 * one. It is made at the press, and spoken only after the cart answered (a network round
 * trip later), so screen readers have it in their tree before its text changes.
 */
export function liveRegion(root: HTMLElement): HTMLElement {
  let region = root.querySelector<HTMLElement>(':scope > .vitrine__status');
  if (!region) {
    region = root.ownerDocument.createElement('p');
    region.className = 'vitrine__sr vitrine__status';
    region.setAttribute('role', 'status');
    root.append(region);
  }
  return region;
}
