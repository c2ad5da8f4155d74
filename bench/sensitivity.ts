import { median, RATIO_DIGITS } from './cpu/verdict';
import { beside, type RoundSide } from './run-paired';

/** One round's sensitivity pair: the plain bare loop's CPU per operation and the ratio of the one with the spin. */
export interface SensitivityRound {
  bareUsPerOp: number;
  ratio: number;
}

/**
 * The sensitivity of a round, printed: the bare loop with `ns` nanoseconds of
 * pure CPU added per operation (spin.ts) beside the plain one. A known cost,
 * read the way kvscope's is: how much a cost that small moves the ratio in
 * this pairing, this round.
 */
export async function sensitivity(s: RoundSide, ns: number, print: (line: string) => void): Promise<SensitivityRound> {
  const p = await beside(s, { spinNs: ns });
  print(
    `   sensitivity, the bare loop with ${ns} ns of pure CPU per operation beside the plain one: CPU µs/op ` +
      `${p.changed.toFixed(2)} and ${p.plain.toFixed(2)}; ratio ${p.ratio.toFixed(RATIO_DIGITS)}`,
  );
  return { bareUsPerOp: p.plain, ratio: p.ratio };
}

/**
 * The sensitivity over all rounds: what the added nanoseconds are as a share
 * of the bare loop's CPU per operation, what they read as, and the ratio of
 * the two (1 when a cost reads as what it is; more when the pairing magnifies it).
 */
export function sensitivityLine(name: string, ns: number, rounds: readonly SensitivityRound[]): string {
  const f = (x: number): string => x.toFixed(RATIO_DIGITS);
  const ratios = rounds.map((r) => r.ratio);
  const added = ns / 1000 / median(rounds.map((r) => r.bareUsPerOp));
  const read = median(ratios) - 1;
  return (
    `${name}: sensitivity, ${ns} ns of pure CPU per operation (${(added * 100).toFixed(2)}% of the bare loop's CPU per operation) ` +
    `reads as ratio ${f(median(ratios))} (median of ${ratios.length}; spread ${f(Math.min(...ratios))} to ${f(Math.max(...ratios))}): ` +
    `read at ${(read / added).toFixed(1)} times its size in this pairing`
  );
}
