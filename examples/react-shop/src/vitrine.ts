// #region start
import { start, type PageContext } from 'vitrine';
import 'vitrine/vitrine.css';

// The sandbox of `npm start` unless the build names another service.
export const vitrine = start({
  baseUrl: import.meta.env.VITE_VITRINE_BASE_URL ?? 'http://127.0.0.1:8780',
  orgId: import.meta.env.VITE_VITRINE_ORG_ID ?? '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60',
  apiKey: import.meta.env.VITE_VITRINE_API_KEY ?? 'vitrine-sandbox-key',
  locale: 'en-GB',
  currency: 'EUR',
});
// #endregion start

export type Page = Partial<PageContext>;
