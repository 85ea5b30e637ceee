const euros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** The shop's prices: euros, as an Irish-English page writes them (€89.00). */
export function formatPrice(value: number): string {
  return euros.format(value);
}
