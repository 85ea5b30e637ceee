/** Where the studio leaves a draft for the demo shop to preview (ui/previewOnShop.ts → shopPreview.ts). */
export const SHOP_PREVIEW_KEY = 'vitrine-studio:shop-preview';
/** Query parameter, then session cookie, that tells the shop's server to add shopPreview.ts to its pages. */
export const SHOP_PREVIEW_COOKIE = 'vitrine_studio_draft';
