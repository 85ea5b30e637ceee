import type { Route } from 'playwright-core';

/** The shop's variant id for a SKU, as a service that knows the shop's catalogue maps it. */
export const idOf = (sku: string) => String(70000 + ([...sku].reduce((n, c) => n * 31 + c.charCodeAt(0), 7) % 20000));

/** The service answer with the shop's ids (`customValues.cartIds`), as a service that knows them sends them. */
export async function withCartIds(route: Route): Promise<void> {
  const res = await route.fetch();
  if (!(res.headers()['content-type'] || '').includes('json')) return route.fulfill({ response: res });
  const body = await res.json();
  if (Array.isArray(body.products)) {
    const skus: string[] = body.products.map((p: { sku: string }) => p.sku);
    body.customValues = { ...body.customValues, cartIds: Object.fromEntries(skus.map((s) => [s, idOf(s)])) };
  }
  await route.fulfill({ response: res, json: body });
}

/**
 * The service answer with the shop's ids in list order (70001, 70002, …), for a page that
 * may close while the answer is on its way.
 */
export async function withCartIdsInOrder(route: Route): Promise<void> {
  const res = await route.fetch().catch(() => undefined);
  if (!res) return;
  if (!(res.headers()['content-type'] || '').includes('json')) return route.fulfill({ response: res }).catch(() => {});
  const body = await res.json();
  if (Array.isArray(body.products)) body.customValues = { cartIds: Object.fromEntries(body.products.map((p: { sku: string }, i: number) => [p.sku, String(70001 + i)])) };
  await route.fulfill({ response: res, json: body }).catch(() => {});
}
