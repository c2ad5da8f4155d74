/** A value axis has this many intervals at least and at most: enough to read, few enough to label. */
export const MIN_INTERVALS = 3;
export const MAX_INTERVALS = 6;
/** Round numbers a reader counts in. */
const MANTISSAS = [1, 2, 2.5, 5];
/** Tolerance for float steps such as 0.1 * 3. */
export const ROUNDING = 1e-9;
const DIGITS = 12;

/** 0.30000000000000004 is 0.3. */
export const tidy = (v: number): number => Number(v.toPrecision(DIGITS));

/** The round steps, smallest first, that can split an axis up to `top` into MIN..MAX intervals. */
export function niceSteps(top: number): number[] {
  const power = 10 ** Math.floor(Math.log10(top / MAX_INTERVALS));
  return [power, power * 10].flatMap((p) => MANTISSAS.map((m) => tidy(m * p)));
}
