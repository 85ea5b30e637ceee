/** A string or number read from the page, trimmed; anything else (objects, empties) is undefined. */
export const text = (v: unknown): string | undefined => (typeof v == 'string' || typeof v == 'number' ? ('' + v).trim() || undefined : undefined);
