/** What the demo shop tells the studio about its sandbox (`GET /sandbox.json`). */
export interface SandboxConfig {
  baseUrl: string;
  orgId: string;
  apiKey: string;
}

/** Reads `/sandbox.json`; a studio opened without the shop gets a clear reason instead. */
export async function loadSandboxConfig(fetchFn: typeof fetch = fetch): Promise<SandboxConfig> {
  const response = await fetchFn('/sandbox.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/sandbox.json answered ${response.status}; start the studio with npm start`);
  const body = (await response.json()) as Partial<SandboxConfig>;
  if (typeof body.baseUrl !== 'string' || typeof body.orgId !== 'string' || typeof body.apiKey !== 'string') {
    throw new Error('/sandbox.json lacks baseUrl, orgId or apiKey');
  }
  return { baseUrl: body.baseUrl, orgId: body.orgId, apiKey: body.apiKey };
}
