/**
 * Two real products of the sandbox's shop, asked for the way the embed would
 * (its `trending` widget endpoint), so bench pages name products that exist.
 * @param {{ url: string, orgId: string, apiKey: string }} sandbox
 * @returns {Promise<Array<{ name: string, sku: string, currentPageUrl: string }>>}
 */
export async function sandboxProducts(sandbox) {
  const q = new URLSearchParams({ divisionId: 'bench-probe', orgId: sandbox.orgId, site_uid: 'bench-probe', domain: 'localhost' });
  const res = await fetch(`${sandbox.url}/v1/widgetserver/trending?${q}`, {
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Service-Access-Token': sandbox.apiKey,
      'X-Service-orgId': sandbox.orgId,
    },
  });
  if (!res.ok) throw new Error(`sandbox trending answered ${res.status}: ${await res.text()}`);
  const envelope = await res.json();
  if (!Array.isArray(envelope.products) || envelope.products.length < 2) throw new Error('sandbox trending returned fewer than 2 products');
  return envelope.products.slice(0, 2);
}
