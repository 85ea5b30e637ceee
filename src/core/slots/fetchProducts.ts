import type { AlgorithmName, WidgetEnvelope } from '../../types/interface';
import type { Requester } from '../api/createRequester';
import { hasInputs } from '../algorithms/chooseAlgorithm';
import { fetchWidget, widgetQuery, type WidgetParams } from '../api/fetchWidget';

/**
 * One algorithm's products for the slot: the product on show (`params`' pname or sku)
 * left out, since recent views would list it first; at most `max`. An identical request
 * (`inflight`: one page in the browser until its slots are refreshed, one `renderSlots`
 * call on the server) shares its answer, pending or in; a failed one is forgotten.
 * `endpoints` are paths that replace an algorithm's own. Throws `input` when the algorithm lacks its product and `empty` when nothing is
 * left; the service's failures as they come.
 */
export async function fetchProducts(
  request: Requester,
  inflight: Map<string, Promise<WidgetEnvelope>>,
  algorithm: AlgorithmName,
  params: WidgetParams,
  max?: number,
  endpoints?: Record<string, string>,
): Promise<WidgetEnvelope> {
  const { pname, sku } = params;
  if (!hasInputs(algorithm, params)) throw { kind: 'input', message: algorithm + ' needs a pname or sku' };
  // Its own entries (`JSON.stringify` of an object asks a page's `Object.prototype.toJSON`,
  // which would make every request the same one).
  const key = algorithm + Object.entries(widgetQuery(algorithm, params)).map(([name, value]) => name + '=' + encodeURIComponent(value ?? '')).join('&');
  let pending = inflight.get(key);
  if (!pending) {
    inflight.set(key, (pending = fetchWidget(request, algorithm, params, endpoints)));
    // A failed call is not an answer to keep: the next slot, or the next look, asks again.
    const failed = pending;
    failed.catch(() => {
      if (inflight.get(key) == failed) inflight.delete(key);
    });
  }
  const envelope = await pending;
  const products = envelope.products.filter((p) => !(sku && p.sku == sku) && p.name != pname).slice(0, max);
  if (!products.length) throw { kind: 'empty', message: algorithm + ' returned no products' };
  return { ...envelope, products };
}
