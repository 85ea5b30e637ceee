const SORT = /^[A-Za-z_][A-Za-z0-9_.-]*\s+(asc|desc)$/;

/** `price_d asc,name_s desc`: sort clauses in order of precedence, comma-separated. */
export function formatSort(sort: readonly string[]): string {
  return sort
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .map((s) => {
      if (!SORT.test(s)) throw new Error(`sort "${s}" is not "<field> asc" or "<field> desc"`);
      return s;
    })
    .join(',');
}
