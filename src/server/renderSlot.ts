import type { AlgorithmName, Theme, WidgetEnvelope } from '../types/interface';
import type { ServerPage, ServerSlot, SlotError, SlotResult } from '../types/server';
import type { Strings } from '../core/strings/en';
import type { Requester } from '../core/api/createRequester';
import type { SlotSpec } from '../core/slots/slotSpec';
import { chooseTheme } from '../core/theme/chooseTheme';
import { builtinThemes } from '../core/theme/builtinThemes';
import { bare } from '../core/util/bare';
import { readSettings } from '../core/slots/readSettings';
import { planChain } from '../core/slots/planChain';
import { fetchProducts } from '../core/slots/fetchProducts';
import { runChain } from '../core/slots/runChain';
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
  /** The call's budget: a slot reached after it renders nothing more (see `late`). */
  timeoutMs: number;
  /** Why an answer was refused unread (too large), by the slot it was for. */
  refused: Map<string, Error>;
}

/** The call's budget is spent: what a slot has not done by then it does not start. */
const late = (call: Call) => Date.now() - call.started >= call.timeoutMs;
/** Why a slot reached after the budget rendered nothing (the words of the call's timer too). */
export const timedOut = (timeoutMs: number) => ({ kind: 'timeout' as const, message: `not rendered within ${timeoutMs} ms`, status: 0 });

/** The widget's markup with the slot's theme, else (a broken or refused theme) the built-in one. */
async function draw(call: Call, spec: SlotSpec, algorithm: AlgorithmName, envelope: WidgetEnvelope, state: WidgetInput['state']) {
  const themes = await call.themes;
  // Rendering is synchronous work the call's timer cannot cut short: the clock is read first.
  if (late(call)) throw timedOut(call.timeoutMs);
  const choice = chooseTheme(themes, spec, algorithm == 'crosssell' ? 'bundle' : 'carousel');
  const { page } = call;
  const input: WidgetInput = {
    slotId: spec.divisionId,
    envelope,
    theme: choice.theme,
    layout: choice.layout,
    title: spec.title,
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
    const warning = { kind: 'theme' as const, message: `theme "${choice.theme.themeId}": ${(error as Error).message}`, status: 0 };
    try {
      return { ...renderWidget({ ...input, theme: builtinThemes[choice.layout] }), theme: builtinThemes[choice.layout].themeId, layout: choice.layout, warning };
    } catch {
      throw warning;
    }
  }
}

/**
 * One slot through the slot lifecycle the browser runs too (core/slots): read its
 * settings, plan the chain, try each algorithm, render. Never throws: a slot that renders
 * nothing says why.
 */
export async function renderSlot(call: Call, slot: ServerSlot): Promise<SlotResult & { css?: string }> {
  const { page } = call;
  const read = readSettings(slot);
  // The id as given (own property only), also when it is what the slot fails on.
  const base = { id: bare(slot).id as string, ok: false, html: '', skipped: [] as SlotResult['skipped'], substituted: [] as AlgorithmName[] };
  const done = (more: Partial<SlotResult>): SlotResult => ({ ...base, ...more, ms: Date.now() - call.started });
  if ('error' in read) return done({ error: { kind: 'slot', message: read.error, status: 0 } });
  const { spec } = read;
  const [chain, personal, inputs] = planChain(spec, page, call.consent);
  const substituted = call.consent ? [] : personal;
  const params = { divisionId: spec.divisionId, orgId: call.orgId, site_uid: call.siteUid, domain: page.domain, ...inputs };
  let shown: Partial<SlotResult> = {};
  let tried: Partial<SlotResult> = {};
  // Past the budget the chain stops where it is: no further request, no render.
  const failed = await runChain(
    chain,
    async (algorithm, skipped) => {
      tried = { algorithm, skipped };
      if (late(call)) throw timedOut(call.timeoutMs);
      const envelope = await fetchProducts(call.request, call.inflight, algorithm, params, spec.max).catch((error) => {
        // The requester saw no JSON; the call knows why: the answer was too large to read.
        const refused = call.refused.get(spec.divisionId);
        call.refused.delete(spec.divisionId);
        throw refused ? { kind: 'parse', message: refused.message, status: (error as SlotError).status ?? 0 } : error;
      });
      shown = { ok: true, algorithm, skipped, products: envelope.products.length, ...(await draw(call, spec, algorithm, envelope, { algorithm, page: page.pageType, skipped, substituted, personal: call.consent })) };
    },
    () => !late(call),
  );
  if (!failed && !shown.ok) return done({ ...tried, substituted, error: timedOut(call.timeoutMs) });
  if (!failed) return done({ ...shown, substituted });
  const { algorithm, skipped, kind, message, status } = failed;
  return done({ algorithm, skipped, substituted, error: { kind, message, status } });
}
