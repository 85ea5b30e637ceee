/** Where the shop's recommendation service is, and the credentials for it. */
export interface Service {
  baseUrl: string;
  orgId: string;
  apiKey: string;
}

/**
 * `VITRINE_BASE_URL`, `VITRINE_ORG_ID` and `VITRINE_API_KEY` from the server's environment
 * (the names the `vitrine` command reads), else the sandbox of `npm start`. Read on each
 * request, so one build serves any service.
 */
export function service(): Service {
  return {
    baseUrl: process.env.VITRINE_BASE_URL || 'http://127.0.0.1:8780',
    orgId: process.env.VITRINE_ORG_ID || '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60',
    apiKey: process.env.VITRINE_API_KEY || 'vitrine-sandbox-key',
  };
}
