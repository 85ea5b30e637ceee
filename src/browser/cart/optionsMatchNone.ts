import { own } from './confirmed';
import { field } from './sendJson';

/**
 * Whether the theme's variant picker that sells variant `id` shows options that match
 * none of the product's variants: then `id` is not the shopper's choice, only the last
 * variant that existed. Dawn's pickers before v15 (`<variant-selects>` and
 * `<variant-radios>` of assets/global.js, and the themes built on them) leave
 * the product form's `id` and the URL's `?variant=` on that variant and only disable
 * their own button. Each picker holds the product's variants as Liquid's
 * `product.variants | json` (a variant's `options`: its value of each of the product's
 * options, in order); the options shown are its `select`s' values and each `fieldset`'s
 * checked button, in the page's order, as Dawn compares them. From v15 the picker's JSON
 * is the selected variant alone, not a list, and Dawn empties the form's `id` itself.
 */
export function optionsMatchNone(doc: Document, id: string): boolean {
  for (const picker of Array.from(doc.querySelectorAll('variant-selects, variant-radios'))) {
    let variants: unknown;
    try {
      variants = JSON.parse(picker.querySelector('[type="application/json"]')?.textContent || '');
    } catch {
      continue;
    }
    // Another product's picker (a quick-add, a featured product) says nothing of this one.
    if (!Array.isArray(variants) || !variants.some((v) => field(v, 'id') == id)) continue;
    const shown = Array.from(picker.querySelectorAll('select, fieldset'), (el) =>
      el.tagName == 'SELECT' ? (el as HTMLSelectElement).value : (el.querySelector('input:checked') as HTMLInputElement | null)?.value,
    );
    return !variants.some((v) => {
      const options = own(v, 'options');
      return Array.isArray(options) && options.every((value, index) => value === shown[index]);
    });
  }
  return false;
}
