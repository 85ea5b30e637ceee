import { isApiError } from '../../src/client/index';
import type { Connection } from './connect';
import { isUsageError } from '../io';

/** A failed call in words, and the exit code it means: 1 the service refused (401, 403 and 4xx are refusals), 2 it could not be asked. */
export function describeFailure(e: unknown, connection: Connection | undefined): { message: string; code: 1 | 2 } {
  if (isUsageError(e)) return { message: e.message, code: 2 };
  if (!isApiError(e) || !connection) return { message: (e as Error).message ?? String(e), code: 2 };
  const base = connection.baseUrl;
  if (connection.answeredHtml() || e.kind === 'parse') {
    return { message: `${base} answered with a web page, not the service's JSON (HTTP ${e.status}); check VITRINE_BASE_URL and any proxy in between`, code: 2 };
  }
  const said = e.errMsg ? `: ${e.errMsg}` : '';
  switch (e.kind) {
    case 'network': return { message: `cannot reach ${base} (nothing answered; check VITRINE_BASE_URL and the network)`, code: 2 };
    case 'timeout': return { message: `${base} did not answer within 5 seconds`, code: 2 };
    case 'server': return { message: `the service failed (HTTP ${e.status})${said}; nothing was changed by this call, try again later`, code: 2 };
    case 'quota': return { message: `the key's credit quota is spent (HTTP 403)${said}; calls are refused until the plan's monthly quota renews`, code: 1 };
    case 'rate': return { message: `too many calls for the key's plan (HTTP 429)${said}; wait a minute and run again`, code: 1 };
    case 'redirect': return { message: `${base} answered with a redirect (HTTP ${e.status}), which is not followed: the key would go along; set VITRINE_BASE_URL to the service's own address`, code: 2 };
    case 'shape': return { message: `the service answered something interface.md does not describe: ${e.message}`, code: 2 };
    default:
      if (e.status === 401) return { message: `the service does not accept these credentials (HTTP 401)${said}; check VITRINE_API_KEY and VITRINE_ORG_ID`, code: 1 };
      return { message: `the service refused the call (HTTP ${e.status})${said}`, code: 1 };
  }
}
