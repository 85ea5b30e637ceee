import type { AlgorithmName, WidgetEnvelope } from '../../types/interface';
import type { Requester } from './createRequester';
import { ENDPOINTS } from './endpoints';
import { parseEnvelope } from './parseEnvelope';

export interface WidgetParams {
  divisionId: string;
  orgId: string;
  site_uid: string;
  domain: string;
  pname?: string;
  sku?: string;
}

/** The query an algorithm's endpoint takes: its required parameters (plus the product, for the unshown five). */
export function widgetQuery(algorithm: AlgorithmName, params: WidgetParams): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  const endpoint = ENDPOINTS[algorithm];
  for (const name of endpoint.params) query[name] = params[name as keyof WidgetParams];
  if (endpoint.product) {
    query.pname = params.pname;
    query.sku = params.sku;
  }
  return query;
}

export async function fetchWidget(
  request: Requester,
  algorithm: AlgorithmName,
  params: WidgetParams,
  overrides: Record<string, string> = {},
): Promise<WidgetEnvelope> {
  const path = Object.prototype.hasOwnProperty.call(overrides, algorithm) ? overrides[algorithm] : ENDPOINTS[algorithm].path;
  return parseEnvelope(await request(path, widgetQuery(algorithm, params)));
}
