import { bare } from '../util/bare';

/**
 * `JSON.parse` into null-prototype objects at every depth: an answer's fields are its
 * own, and a field the service left out stays absent even on a page that polluted
 * `Object.prototype`. Arrays stay arrays.
 */
export const parseJson = (text: string): unknown => JSON.parse(text, (_, value) => (value && typeof value == 'object' && !Array.isArray(value) ? bare(value) : value));
