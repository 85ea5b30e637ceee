// The typed service client, in Node 20 or a browser:
//   VITRINE_BASE_URL=… VITRINE_ORG_ID=… VITRINE_API_KEY=… node client.mjs
const baseUrl = process.env.VITRINE_BASE_URL ?? 'http://127.0.0.1:8780';
const orgId = process.env.VITRINE_ORG_ID ?? '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60';
const apiKey = process.env.VITRINE_API_KEY ?? 'vitrine-sandbox-key';
const site_uid = 'visitor-0001';
const domain = 'shop.example';

// #region widget
import { createClient } from 'vitrine/client';
const client = createClient({ baseUrl, orgId, apiKey });
const envelope = await client.widget('trending', { divisionId: 'home', site_uid, domain });
// #endregion widget
console.log(`trending: ${envelope.products.length} products`);

// #region search
import { buildSearchRequest, rangeValue } from 'vitrine/client';

const answer = await client.search(
  buildSearchRequest(
    { orgId, query: 'linen', filters: { category_s: ['shirts'], price_d: [rangeValue(50, 100)] }, sort: ['price_d asc'], page: 1, pageSize: 24 },
    'table',
  ),
);
console.log(`linen: ${answer.Numberofdocs} results, ${answer.facetcount.length} facets`);
// #endregion search
