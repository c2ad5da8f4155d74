/**
 * CSV as RFC 4180 has it: CRLF line ends, fields quoted when they hold a
 * comma, a quote or a line break, quotes doubled. Numbers are written by
 * `num` with a fixed number of decimals and no locale, so the same run gives
 * the same bytes everywhere.
 */
export type Field = string | number | null | undefined;

const CRLF = '\r\n';
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * Text a spreadsheet would run as a formula: names and values come from
 * scenarios and run files (imports too), so such text is kept as text with a
 * leading apostrophe. A minus followed by a digit is a number's sign, left be.
 */
const FORMULA = /^([=+@\t\r]|-(?![\d.]))/;

export function csvField(f: Field): string {
  if (f === null || f === undefined) return '';
  const s = typeof f === 'number' ? num(f) : FORMULA.test(f) ? `'${f}` : f;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csv(rows: readonly (readonly Field[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join(CRLF) + CRLF;
}

/** Up to `decimals` decimals, trailing zeros dropped; integers stay integers; NaN and infinities empty. */
export function num(n: number, decimals = 3): string {
  if (!Number.isFinite(n)) return '';
  // toFixed switches to exponent notation from 1e21; integers that large are exact as BigInt.
  const s = Math.abs(n) >= 1e21 ? BigInt(Math.round(n)).toString() : n.toFixed(decimals);
  const trimmed = s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  return trimmed === '-0' ? '0' : trimmed;
}
