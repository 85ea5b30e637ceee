// What the shop says of itself to Vitrine on every page.
export const shop = { locale: 'en-GB', currency: 'EUR' } as const;
