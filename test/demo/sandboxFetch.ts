import type { Sandbox } from '../../demo/sandbox/createSandbox';

export interface Answer<T = unknown> {
  status: number;
  statusText: string;
  headers: Headers;
  body: T;
}

/** Calls the sandbox like a client would: service headers unless `headers` replaces them. */
export function sandboxFetch(sb: Sandbox) {
  const auth = { 'X-Service-Access-Token': sb.apiKey, 'X-Service-orgId': sb.orgId, Accept: 'application/json', 'Content-Type': 'application/json' };
  return async function call<T = Record<string, unknown>>(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const res = await fetch(sb.url + path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.headers ?? auth,
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
    const text = await res.text();
    return { status: res.status, statusText: res.statusText, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
  };
}

/** Query string of a widget request with every parameter any endpoint needs. */
export function widgetQuery(sb: Sandbox, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ divisionId: 'test-slot', orgId: sb.orgId, site_uid: 'test-visitor', domain: 'shop.test', ...extra }).toString();
}

export function searchPath(sb: Sandbox, request: Record<string, unknown>, path = '/v1/widgetserver/getsearchresult'): string {
  return `${path}?request=${encodeURIComponent(JSON.stringify({ orgId: sb.orgId, query: '', filter: '', sortEntities: '', com: '', start: '0', rows: '10', ...request }))}`;
}
