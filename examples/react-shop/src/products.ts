// A few products of the sandbox's sample store.
export interface Product {
  slug: string;
  name: string;
  sku: string;
  price: string;
}

export const products: Product[] = [
  { slug: 'biarritz-parka', name: 'Biarritz Parka', sku: 'MV-OUT-010', price: '€409' },
  { slug: 'aubrac-tote', name: 'Aubrac Tote', sku: 'MV-BAG-006', price: '€175' },
  { slug: 'quiberon-crewneck', name: 'Quiberon Crewneck', sku: 'MV-KNI-001', price: '€225' },
];
