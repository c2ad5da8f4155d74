/**
 * A fixed-width text table: text columns left-aligned (`left`, the first by
 * default), numbers right-aligned so their digits line up. Trailing spaces
 * are trimmed.
 */
export function table(rows: string[][], opts: { left?: readonly number[] } = {}): string {
  const left = new Set(opts.left ?? [0]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (left.has(c) ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
