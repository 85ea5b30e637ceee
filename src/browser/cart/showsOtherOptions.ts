import { own } from './confirmed';
import { field } from './sendJson';
import { leavesUrlAlone } from './leavesUrlAlone';

/**
 * Whether the theme's variant picker that sells variant `id` shows options other than
 * that variant's: then `id` is not the shopper's choice. Dawn's pickers before v15
 * (`<variant-selects>` and `<variant-radios>` of assets/global.js, and the themes built on
 * them) leave the product form's `id` and the URL's `?variant=` on the last variant that
 * existed when the options shown match none, and on the variant of the page's load when
 * the shopper changes them before the theme's script has run. Each picker holds the
 * product's variants as Liquid's `product.variants | json` (a variant's `options`: its
 * value of each of the product's options, in order); the options shown are its `select`s'
 * values and each `fieldset`'s checked button, in the page's order, as Dawn compares them.
 * A picker that shows its options some other way, or whose list is not Shopify's, says
 * nothing: the form's `id` is what the theme's own button adds. From v15 the picker's JSON
 * is the selected variant alone, not a list, and Dawn empties the form's `id` itself.
 * Only the pickers of the part of the page `id` was read from are asked (`alone`: a
 * featured product's or a quick-add's, see leavesUrlAlone; else the main section's): a
 * featured section of the same product holds the same list with its own options shown;
 * among them, the one whose controls post with `form` (the product form `id` was read
 * from: a duplicated main section holds the same list too), if any does.
 */
export function showsOtherOptions(doc: Document, id: string, alone: boolean, form?: HTMLFormElement | null): boolean {
  const pickers = Array.from(doc.querySelectorAll('variant-selects, variant-radios')).filter((picker) => leavesUrlAlone(picker) == alone);
  // The picker whose dropdowns or buttons post with the form `id` was read from, if one does.
  const tied = pickers.filter((picker) => !!form && Array.from(picker.querySelectorAll('select, input'), (el) => (el as HTMLInputElement).form).includes(form));
  for (const picker of tied.length ? tied : pickers) {
    let variants: unknown;
    try {
      variants = JSON.parse(picker.querySelector('[type="application/json"]')?.textContent || '');
    } catch {
      continue;
    }
    // Another product's picker (a quick-add, a featured product) says nothing of this one.
    const variant = Array.isArray(variants) ? variants.find((v) => field(v, 'id') == id) : undefined;
    if (!variant) continue;
    const options = own(variant, 'options');
    const shown = Array.from(picker.querySelectorAll('select, fieldset'), (el) =>
      el.tagName == 'SELECT' ? (el as HTMLSelectElement).value : (el.querySelector('input:checked') as HTMLInputElement | null)?.value,
    );
    if (!Array.isArray(options) || options.length != shown.length || !options.every((value) => typeof value == 'string')) return false;
    return options.some((value, index) => value !== shown[index]);
  }
  return false;
}
