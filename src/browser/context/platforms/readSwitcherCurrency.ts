/**
 * OpenCart's header currency switcher (`#form-currency`) shows the active currency by
 * its sign only (`<strong>$</strong>`) and lists every currency the store offers with
 * its code: `<button name="EUR">` in 3.x, `data-code="EUR"` in 4.x, each labelled with
 * its sign and title. The active code is the one entry whose label starts or ends with
 * that sign; where two offered currencies share it (USD and CAD both `$`), nothing.
 */
export function readSwitcherCurrency(win: Window): string | undefined {
  const form = win.document.getElementById('form-currency');
  const sign = form?.querySelector('strong')?.textContent?.trim();
  if (!form || !sign) return;
  const codes = Array.from(form.querySelectorAll('[data-code],button[name]'))
    .filter((el) => {
      const label = (el.textContent || '').trim();
      return label.indexOf(sign + ' ') == 0 || label.endsWith(' ' + sign);
    })
    .map((el) => el.getAttribute('data-code') || el.getAttribute('name'));
  return codes.length == 1 && /^[A-Z]{3}$/.test(codes[0]!) ? codes[0]! : undefined;
}
