import type { ServiceDescriptor } from '../../src/types/interface';

/** Services every sandbox key has, and what a call to each costs in credits. */
export const SERVICES = {
  search: { name: 'search', description: 'Product search with filters, sort options and facet counts.', version: '1.4.2', cost: 1 },
  recommendations: { name: 'recommendations', description: 'Recommendation widgets of every algorithm in the catalogue.', version: '1.4.2', cost: 1 },
  // Themes and configuration are read once per page or by the studio: free, so they never eat a shop's budget.
  themes: { name: 'themes', description: 'Widget themes (HTML, CSS and JS templates).', version: '1.4.2', cost: 0 },
  configuration: { name: 'configuration', description: 'Search and recommendation widget configuration, algorithm catalogue.', version: '1.4.2', cost: 0 },
} satisfies Record<string, ServiceDescriptor>;

export type ServiceName = keyof typeof SERVICES;
