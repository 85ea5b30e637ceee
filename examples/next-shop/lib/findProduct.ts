import { cache } from 'react';
import { buildSearchRequest, createClient } from 'vitrine/client';
import { service } from './service';

export interface Product {
  handle: string;
  name: string;
  sku: string;
  price: number;
  salePrice: number | null;
  image: string;
  description: string;
}

/**
 * The product whose page is `/products/<handle>`. A real shop asks its own catalogue; this
 * one asks the service's search for the handle's words and keeps the document whose page
 * is that URL, so every product a widget links to has a page here. Cached per request:
 * the page and its metadata ask once.
 */
export const findProduct = cache(async (handle: string): Promise<Product | undefined> => {
  if (!/^[a-z0-9-]{1,100}$/.test(handle)) return undefined;
  const { baseUrl, orgId, apiKey } = service();
  const client = createClient({ baseUrl, orgId, apiKey });
  const answer = await client.search(buildSearchRequest({ orgId, query: handle.replace(/-/g, ' '), pageSize: 10 }, 'table'));
  const doc = answer.Docs.find((d) => d.currentPageUrl == '/products/' + handle);
  return (
    doc && {
      handle,
      name: doc.name,
      sku: doc.sku,
      price: doc.price,
      salePrice: doc.discountedprice,
      image: doc.smallimage,
      description: doc.description,
    }
  );
});
