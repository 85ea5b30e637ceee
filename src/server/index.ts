// `vitrine/server`: widgets rendered on the server, for the page's first HTML.
export { renderSlots } from './renderSlots';
export { sanitizeMarkup } from './sanitizeMarkup';
export type { RenderSlotsOptions, ServerPage, ServerSlot, SlotResult, SlotError, ServerState } from '../types/server';
export type { PageName, AlgorithmName, WidgetProduct } from '../types/interface';
export type { Layout } from '../types/config';
