import { median, usPerOp } from './cpu/verdict';
import { runPairedScripts, type PairedSide } from './run-paired';
import type { Scenario } from '../app/scenario/schema';

const RATIO_DIGITS = 3;

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
export async function sensitivity(
  s: { scenario: Scenario } & PairedSide,
  ns: number,
  print: (line: string) => void,
): Promise<SensitivityRound> {
  const p = await runPairedScripts(s.scenario, [s, { script: s.script, start: { ...s.start, spinNs: ns } }]);
  const ratio = usPerOp(p.second) / usPerOp(p.first);
  print(
    `   sensitivity, the bare loop with ${ns} ns of pure CPU per operation beside the plain one: CPU µs/op ` +
      `${usPerOp(p.second).toFixed(2)} and ${usPerOp(p.first).toFixed(2)}; ratio ${ratio.toFixed(RATIO_DIGITS)}`,
  );
  return { bareUsPerOp: usPerOp(p.first), ratio };
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
