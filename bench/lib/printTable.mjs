/**
 * Prints rows as an aligned text table under a title. Numbers are right-aligned,
 * text left-aligned; `null`/`undefined` show as "–".
 * @param {string} title
 * @param {string[]} columns
 * @param {Array<Array<string | number | null | undefined>>} rows
 * @param {string[]} [notes] lines printed under the table
 */
export function printTable(title, columns, rows, notes = []) {
  const cells = rows.map((r) => r.map((c) => (c == null ? '–' : typeof c === 'number' ? formatNumber(c) : c)));
  // Right-align a column of figures, including ratios printed as "1.05×".
  const numeric = columns.map((_, i) => rows.every((r) => r[i] == null || typeof r[i] === 'number' || /^[-\d.]+[×%]?$/.test(String(r[i]))));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r) => r.map((c, i) => (numeric[i] ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ');
  console.log(`\n## ${title}\n`);
  console.log(line(columns));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells) console.log(line(r));
  for (const n of notes) console.log(n);
}

/** Integers as they are, other numbers with two decimals (times in ms, ratios). */
function formatNumber(n) {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}
