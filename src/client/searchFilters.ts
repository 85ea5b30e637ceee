/**
 * Filter selections, one entry per repository field, values ORed within a field and
 * fields ANDed together. A value written `[low TO high]` (either end may be `*`) is a
 * numeric range, the same form the search configuration uses for numeric facet values.
 */
export type SearchFilters = Readonly<Record<string, readonly string[]>>;
