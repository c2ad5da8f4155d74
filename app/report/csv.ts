/**
 * CSV as RFC 4180 has it: CRLF line ends, fields quoted when they hold a
 * comma, a quote or a line break, quotes doubled. Numbers are written by
 * `num` with a fixed number of decimals and no locale, so the same run gives
 * the same bytes everywhere; a cell's fraction under 1 keeps its significant
 * digits (`cellNumber`).
 */
export type Field = string | number | null | undefined;

const CRLF = '\r\n';
const DECIMALS = 3;
/**
 * A fraction under 1 keeps this many significant digits: a server's 3.2 µs
 * is 0.0032 ms, which three decimals would write as 0.003, and 0.4 µs as 0.
 */
const FRACTION_DIGITS = 6;
/** toFixed's own limit is 100; nothing measured is smaller than 1e-20. */
const MAX_DECIMALS = 20;
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * Text a spreadsheet would run as a formula: names and values come from
 * scenarios and run files (imports too), so such text is kept as text with a
 * leading apostrophe. A minus followed by a digit is a number's sign, left be.
 */
const FORMULA = /^([=+@\t\r]|-(?![\d.]))/;

export function csvField(f: Field): string {
  if (f === null || f === undefined) return '';
  const s = typeof f === 'number' ? cellNumber(f) : FORMULA.test(f) ? `'${f}` : f;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csv(rows: readonly (readonly Field[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join(CRLF) + CRLF;
}

/** A number in a cell: up to three decimals, and a fraction under 1 to FRACTION_DIGITS significant digits, so nothing measured reads as 0. */
export function cellNumber(n: number): string {
  const a = Math.abs(n);
  if (!(a > 0 && a < 1)) return num(n);
  return num(n, Math.min(MAX_DECIMALS, Math.max(DECIMALS, FRACTION_DIGITS - 1 - Math.floor(Math.log10(a)))));
}

/** Up to `decimals` decimals, trailing zeros dropped; integers stay integers; NaN and infinities empty. */
export function num(n: number, decimals = DECIMALS): string {
  if (!Number.isFinite(n)) return '';
  // toFixed switches to exponent notation from 1e21; integers that large are exact as BigInt.
  const s = Math.abs(n) >= 1e21 ? BigInt(Math.round(n)).toString() : n.toFixed(decimals);
  const trimmed = s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  return trimmed === '-0' ? '0' : trimmed;
}
