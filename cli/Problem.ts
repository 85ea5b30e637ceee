/** One thing `vitrine config check` found, at a place in a file. */
export interface Problem {
  /** The file as the user named it (relative to the folder checked). */
  file: string;
  line: number;
  column: number;
  /** `facetList[0].facets[1].value`, or `(file)` for the file as a whole. */
  field: string;
  severity: 'error' | 'warning';
  message: string;
  fix?: string;
}
