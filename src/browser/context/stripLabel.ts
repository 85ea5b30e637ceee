// The labels storefront templates print before a product number, in their shipped
// languages: WooCommerce `SKU:`, Shopware `Product number:` / `Produktnummer:`, OpenCart
// `Product Code:` / `Model:`, PrestaShop `Reference:` / `Référence :`, SFRA `Item No.:`,
// German themes' `Art.-Nr.:` / `Artikelnummer:`, Spanish `Referencia:` / `Código:`. A
// label counts only with its colon (or `#`), so a SKU such as `MODEL-7` is left whole.
const SKU_LABEL = /^(?:sku|mpn|item(?: no\.?| number)?|product (?:code|number|id)|model|ref(?:erence)?\.?|r[ée]f[ée]rence|referencia|c[oó]digo|produktnummer|artikelnummer|art\.?-?nr\.?)\s*[:#]\s*|^#\s*/i;

// eBay's item title carries a visually hidden `Details about` before the title itself,
// and templates copied from it keep it inside the name's element.
const NAME_LABEL = /^details about\s+/i;

/** A value without the label a platform's template prints before it; other text is kept. */
export const stripLabel = (value: string | undefined, field: 'name' | 'sku'): string | undefined =>
  value && (value.replace(field == 'sku' ? SKU_LABEL : NAME_LABEL, '') || value);
