import { createClient, type Client } from '../../src/client/index';
import type { Organisation } from '../config/environment';
import type { CliIo } from '../io';
import { usageError } from '../io';

export interface Connection {
  client: Client;
  baseUrl: string;
  orgId: string;
  /** Whether the last answer was an HTML page (a proxy, a login page, a wrong base URL). */
  answeredHtml(): boolean;
}


/**
 * A client for the service named by the environment. Credentials come from the
 * environment only, so that they live in the CI's secret store and never in a file.
 */
export function connect(io: CliIo, org: Organisation): Connection {
  const missing = [
    ...(io.env.VITRINE_BASE_URL ? [] : ['VITRINE_BASE_URL']),
    ...(org.orgId ? [] : ['VITRINE_ORG_ID']),
    ...(io.env.VITRINE_API_KEY ? [] : ['VITRINE_API_KEY']),
  ];
  if (missing.length > 0) throw usageError(`set ${missing.join(', ')} in the environment (the service's address, organisation id and API key)`);
  const baseUrl = io.env.VITRINE_BASE_URL!;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw usageError(`VITRINE_BASE_URL is not a URL: "${baseUrl}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw usageError(`VITRINE_BASE_URL must be http: or https:, not ${url.protocol}`);
  // Printed in every plan and result: a password in it would land in CI logs.
  if (url.username || url.password) throw usageError('VITRINE_BASE_URL holds a user name or password; give the address alone (the key goes in VITRINE_API_KEY)');
  let html = false;
  // The client tries a call once more after a timeout or a 5xx. A configuration call
  // that timed out may have been taken, and one that failed is not sent again by a
  // second try of the same run: the second try meets the first one's failure again, so
  // apply reports it and the next run sends the call once.
  const failedPosts = new Map<string, Response | 'timeout'>();
  const watched: typeof fetch = async (input, init) => {
    html = false;
    const post = init?.method === 'POST' ? `${String(input)}\n${String(init.body)}` : undefined;
    const earlier = post === undefined ? undefined : failedPosts.get(post);
    if (earlier === 'timeout') {
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    }
    if (earlier) return earlier.clone();
    if (post) init?.signal?.addEventListener('abort', () => failedPosts.set(post, 'timeout'));
    const response = await io.fetch(input, init);
    if (post && response.status > 499) failedPosts.set(post, response.clone());
    html = /html/i.test(response.headers.get('content-type') ?? '');
    return response;
  };
  const orgId = org.orgId!;
  return {
    client: createClient({ baseUrl, orgId, apiKey: io.env.VITRINE_API_KEY!, fetch: watched }),
    baseUrl,
    orgId,
    answeredHtml: () => html,
  };
}
