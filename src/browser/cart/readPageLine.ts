import { field } from './sendJson';
import { showsOtherOptions } from './showsOtherOptions';
import { leavesUrlAlone } from './leavesUrlAlone';

/** The page's own product as its cart takes it: the id, what else names the variant, or that options are still to choose. */
export interface PageLine {
  id: string;
  more?: Record<string, unknown>;
  unchosen?: boolean;
}

const digits = (value: string | null | undefined) => (value && /^\d+$/.test(value) ? value : '');
const valueOf = (el: Element | null) => (el as HTMLInputElement | null)?.value ?? '';

/**
 * The page's own product (the bundle's first), read from the product page at the moment
 * of the press, as the variant the shopper has chosen there; never a guess:
 * - Shopify: the product form's `id` field (a `[name=id]` that `form[action$="/cart/add"]`
 *   posts, inside it or tied by `form=`: the variant the theme's own button would add:
 *   Dawn keeps it on the chosen variant; a radio button only when checked; the one the
 *   URL's `variant` names, then an enabled one, before one printed disabled), the main
 *   section's first, else the URL's `variant` unless the form's `id` is empty (options
 *   that match no variant: `unchosen`), else a featured product's or a quick-add's form of
 *   the same product (leavesUrlAlone), each only if it is one of the product's variants in
 *   `ShopifyAnalytics.meta.product.variants`, and `unchosen` when the variant picker of
 *   the same part of the page (the one tied to that form, if any is) shows options other
 *   than that variant's (showsOtherOptions); else the product's only variant, or the one
 *   whose SKU is the product's. Several variants and none chosen: `unchosen`.
 * - WooCommerce: a variable product's form (`form.variations_form`) gives the chosen
 *   `variation_id` and its `attribute_*` fields (the Store API's `variation`); no
 *   variation chosen yet: `unchosen`. A simple product: the form's `add-to-cart` value.
 * - BigCommerce (Stencil's `form[data-cart-item-add]`): `product_id`, and each option
 *   field `attribute[N]` the shopper filled as `optionSelections`; a `required` option
 *   left empty: `unchosen`.
 */
export function readPageLine(win: Window, platform: string, sku: string): PageLine {
  const doc = win.document;
  if (platform == 'shopify') {
    const meta = (win as unknown as { ShopifyAnalytics?: { meta?: { product?: unknown } } }).ShopifyAnalytics?.meta?.product;
    const list = meta && typeof meta == 'object' && Object.prototype.hasOwnProperty.call(meta, 'variants') ? (meta as { variants: unknown }).variants : null;
    const variants = Array.isArray(list) ? list.map((v) => ({ id: field(v, 'id'), sku: field(v, 'sku') })) : [];
    const known = (id: string) => !!id && (!variants.length || variants.some((v) => v.id == id));
    // The URL's `variant` is the main section's: Dawn's featured and quick-add pickers leave it alone.
    const chosen = digits(new URL(win.location.href).searchParams.get('variant'));
    // Each `id` the product forms post, inside them or tied to them by `form=`.
    const forms: Element[] = Array.from(doc.querySelectorAll('form[action$="/cart/add"]'));
    const fields = Array.from(doc.querySelectorAll<HTMLInputElement>('[name="id"]')).filter((el) => forms.includes(el.form!));
    // A radio button or box named `id` is the variant only when checked.
    const box = (el: HTMLInputElement) => el.type == 'radio' || el.type == 'checkbox';
    const holdsVariant = (el: HTMLInputElement) => (!box(el) || el.checked) && known(digits(el.value));
    // Dawn's older picker keeps the form's `id` and the URL on the last variant that existed
    // when the options shown match none, or on the page's first before its script has run:
    // its variants say so.
    const shown = (id: string, alone: boolean, form?: HTMLFormElement | null): PageLine => (showsOtherOptions(doc, id, alone, form) ? { id: '', unchosen: true } : { id });
    /**
     * The choice in the product forms of the main section (`alone` false) or of the
     * products shown beside it (a featured section, a quick-add: leavesUrlAlone). An
     * enabled `id` first; then one Liquid printed disabled, which is still the variant
     * shown: Dawn v6–v11 disables it on every page and v12 on from a sold-out variant,
     * until assets/product-form.js runs, and Shopify's refusal names it sold out.
     */
    const pick = (alone: boolean): PageLine | undefined => {
      const group = fields.filter((el) => leavesUrlAlone(el.form!) == alone);
      // The `id` the URL names first (the picker the shopper changed last, where a theme
      // marks no form: a duplicated main section, an app's add-to-cart bar on its own
      // first variant), an enabled one before one printed disabled, else the first.
      const rank = (el: HTMLInputElement) => (holdsVariant(el) ? (el.disabled ? 1 : 2) + (digits(el.value) == chosen ? 2 : 0) : 0);
      const given = group.reduce<HTMLInputElement | undefined>((best, el) => (rank(el) > (best ? rank(best) : 0) ? el : best), undefined);
      if (given) return shown(digits(given.value), alone, given.form);
      // The product form says no variant: its `id` emptied (Dawn does when the options
      // chosen match none) or its variant buttons all unchecked. The URL may still name an
      // earlier variant, and a featured section another, neither the shopper's choice.
      if (variants.length > 1 && group.some((el) => (box(el) ? known(digits(el.value)) : !el.value))) return { id: '', unchosen: true };
    };
    const line = pick(false) || (known(chosen) ? shown(chosen, false) : pick(true));
    if (line) return line;
    if (variants.length == 1) return { id: digits(variants[0].id) };
    const match = variants.filter((v) => v.sku && v.sku == sku);
    return match.length == 1 ? { id: digits(match[0].id) } : { id: '', unchosen: variants.length > 1 };
  }
  if (platform == 'woocommerce') {
    const form = doc.querySelector('form.variations_form');
    if (form) {
      const id = digits(valueOf(form.querySelector('[name="variation_id"]')));
      if (!id || id == '0') return { id: '', unchosen: true };
      const variation = Array.from(form.querySelectorAll<HTMLSelectElement | HTMLInputElement>('[name^="attribute_"]'))
        .filter((el) => el.value)
        .map((el) => ({ attribute: el.name.slice('attribute_'.length), value: el.value }));
      return { id, more: { variation } };
    }
    return { id: digits(valueOf(doc.querySelector('form.cart [name="add-to-cart"]'))) };
  }
  const form = doc.querySelector('form[data-cart-item-add]');
  const id = digits(valueOf(form?.querySelector('[name="product_id"]') || null));
  if (!form || !id) return { id: '' };
  const chosen = new Map<string, string>();
  let unchosen = false;
  for (const el of Array.from(form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[name^="attribute["]'))) {
    const optionId = /^attribute\[(\d+)\]$/.exec(el.name)?.[1];
    if (!optionId) continue;
    const box = el.type == 'radio' || el.type == 'checkbox';
    if (el.value && (!box || (el as HTMLInputElement).checked)) chosen.set(optionId, el.value);
    else if (el.required && !box) unchosen = true;
  }
  // A required radio group counts as chosen when one of its buttons is.
  for (const el of Array.from(form.querySelectorAll<HTMLInputElement>('[name^="attribute["][type="radio"][required]'))) {
    const optionId = /^attribute\[(\d+)\]$/.exec(el.name)?.[1];
    if (optionId && !chosen.has(optionId)) unchosen = true;
  }
  if (unchosen) return { id, unchosen };
  const optionSelections = Array.from(chosen, ([optionId, value]) => ({ optionId: Number(optionId), optionValue: digits(value) ? Number(value) : value }));
  return optionSelections.length ? { id, more: { optionSelections } } : { id };
}
