import type { AlgorithmName, Theme, WidgetEnvelope } from '../types/interface';
import type { ServerPage, ServerSlot, SlotError, SlotResult } from '../types/server';
import type { Strings } from '../core/strings/en';
import type { Requester } from '../core/api/createRequester';
import type { ApiError } from '../core/api/apiError';
import { fetchWidget, widgetQuery, type WidgetParams } from '../core/api/fetchWidget';
import { isAlgorithm } from '../core/api/endpoints';
import { chooseAlgorithm, hasInputs, type Inputs } from '../core/algorithms/chooseAlgorithm';
import { substitute } from '../core/algorithms/substitute';
import { chooseTheme } from '../core/theme/chooseTheme';
import { builtinThemes } from '../core/theme/builtinThemes';
import { LAYOUTS, readMax } from '../core/slots/slotSpec';
import { renderWidget, type WidgetInput } from './renderWidget';

/** What every slot of one `renderSlots` call shares. */
export interface Call {
  orgId: string;
  page: ServerPage;
  consent: boolean;
  /** The page's visitor id with consent, else a random one for this call only. */
  siteUid: string;
  request: Requester;
  themes: Promise<Theme[]>;
  /** Identical widget requests of one call are made once. */
  inflight: Map<string, Promise<WidgetEnvelope>>;
  strings: Strings;
  nonce?: string;
  cart?: string;
  started: number;
}

const failure = (kind: SlotError['kind'], message: string, status = 0): SlotError => ({ kind, message, status });

/** The chain's products for the slot: the product on show left out, at most `max` (as in the browser). */
async function fetchProducts(call: Call, slot: ServerSlot, algorithm: AlgorithmName, inputs: Inputs): Promise<WidgetEnvelope> {
  if (!hasInputs(algorithm, inputs)) throw failure('input', algorithm + ' needs a pname or sku');
  const params: WidgetParams = { divisionId: slot.id, orgId: call.orgId, site_uid: call.siteUid, domain: call.page.domain, ...inputs };
  const key = algorithm + JSON.stringify(widgetQuery(algorithm, params));
  let pending = call.inflight.get(key);
  if (!pending) call.inflight.set(key, (pending = fetchWidget(call.request, algorithm, params)));
  const envelope = await pending;
  const products = envelope.products.filter((p) => !(inputs.sku && p.sku == inputs.sku) && p.name != inputs.pname).slice(0, readMax(String(slot.max)));
  if (!products.length) throw failure('empty', algorithm + ' returned no products');
  return { ...envelope, products };
}

/** The widget's markup with the slot's theme, else (a broken or refused theme) the built-in one. */
async function draw(call: Call, slot: ServerSlot, algorithm: AlgorithmName, envelope: WidgetEnvelope, state: WidgetInput['state']) {
  const layout = LAYOUTS.includes(slot.layout!) ? slot.layout : undefined;
  const choice = chooseTheme(await call.themes, { divisionId: slot.id, themeId: slot.theme, layout }, algorithm == 'crosssell' ? 'bundle' : 'carousel');
  const { page } = call;
  const input: WidgetInput = {
    slotId: slot.id,
    envelope,
    theme: choice.theme,
    layout: choice.layout,
    title: slot.title,
    locale: page.locale || 'en',
    currency: page.currency,
    nonce: call.nonce,
    cart: call.cart,
    anchor: page.product,
    strings: call.strings,
    state,
  };
  try {
    return { ...renderWidget(input), theme: choice.theme.themeId, layout: choice.layout };
  } catch (error) {
    const warning = failure('theme', `theme "${choice.theme.themeId}": ${(error as Error).message}`);
    try {
      return { ...renderWidget({ ...input, theme: builtinThemes[choice.layout] }), theme: builtinThemes[choice.layout].themeId, layout: choice.layout, warning };
    } catch {
      throw warning;
    }
  }
}

/**
 * One slot, as the browser's slot lifecycle does it: read the chain, give personal
 * algorithms way without consent, try each algorithm in turn (the next only after no
 * products or a failure other than a 403), choose the theme, render. Never throws: a
 * slot that renders nothing says why.
 */
export async function renderSlot(call: Call, slot: ServerSlot): Promise<SlotResult & { css?: string }> {
  const { page } = call;
  const base = { id: slot.id, ok: false, html: '', skipped: [] as SlotResult['skipped'], substituted: [] as AlgorithmName[] };
  const done = (more: Partial<SlotResult>): SlotResult => ({ ...base, ...more, ms: Date.now() - call.started });
  if (!slot.id) return done({ error: failure('slot', 'slot has no id (its divisionId)') });
  const names = (slot.algorithm || '').split(/\s+/).filter(Boolean);
  const unknown = names.find((name) => !isAlgorithm(name));
  if (unknown) return done({ error: failure('slot', `unknown algorithm "${unknown}"`) });
  const inputs: Inputs = { pname: slot.pname || page.pname, sku: slot.sku || page.sku };
  const [chain, named] = substitute(names.length ? (names as AlgorithmName[]) : [chooseAlgorithm(page.pageType, inputs)], page.pageType, inputs, call.consent);
  base.substituted = call.consent ? [] : named;
  for (const algorithm of chain) {
    try {
      const envelope = await fetchProducts(call, slot, algorithm, inputs);
      const shown = await draw(call, slot, algorithm, envelope, { algorithm, page: page.pageType, skipped: base.skipped, substituted: base.substituted, personal: call.consent });
      return done({ ok: true, algorithm, products: envelope.products.length, ...shown });
    } catch (error) {
      const e = error as Partial<ApiError>;
      // A 403 (quota) stops every call of this render, so it ends the chain too.
      if (algorithm == chain[chain.length - 1] || e.kind == 'quota') {
        return done({ algorithm, error: failure(e.kind || 'render', e.message || String(error), e.status || 0) });
      }
      base.skipped.push({ algorithm, why: e.message || String(error) });
    }
  }
  return done({ error: failure('empty', 'no algorithm to try') });
}
