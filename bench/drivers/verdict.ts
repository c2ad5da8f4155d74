import type { Scenario } from '../../app/scenario/schema';
import { CPU_PER_OP_TARGET_RATIO, median, usPerOp, type CpuRound } from '../cpu/verdict';
import { driverCost, type DriverCost } from './cost';

/** Rounds, and operations per side and round, of the driver-cost measurement after a benchmark's rounds (a few seconds). */
const DRIVER_COST_ROUNDS = 5;
const DRIVER_COST_OPS = 300_000;
/** A run too short to say a rate still gets a tick at least this often. */
const MIN_TICK_EVERY = 1_000;

const NS_PER_US = 1000;
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
// A lower bound can show a miss, never a pass: below the target it says only that.

/**
 * kvscope's own CPU per operation (bench/drivers/cost.ts) set beside the
 * bare client's CPU per operation against the real servers, measured in the
 * same run: kvscope's cost is the client's plus what its own code adds, and
 * the target is on that sum (at most 3 % over the bare client). Over the
 * stand-ins the loop's objects are young, so this is a lower bound (see
 * docs/benchmarks.md, "The stand-in figure"): `pass` means only that it does
 * not already miss.
 */
export function driverCostVerdict(name: string, cost: DriverCost, bareClientUs: number): { pass: boolean; lines: string[] } {
  const added = cost.kvscopeNs.map((k, i) => k - cost.bareNs[i]);
  const addedNs = median(added);
  const share = addedNs / NS_PER_US / bareClientUs;
  const target = CPU_PER_OP_TARGET_RATIO - 1;
  const pass = Number.isFinite(share) && share <= target;
  return {
    pass,
    lines: [
      `${name}: kvscope's own code per operation over an in-process stand-in of the client (loop, recorder, keys, driver, ticks): ` +
        `kvscope ${median(cost.kvscopeNs).toFixed(0)} ns, bare loop ${median(cost.bareNs).toFixed(0)} ns, ` +
        `added ${addedNs.toFixed(0)} ns (median of ${added.length}; rounds ${Math.min(...added).toFixed(0)} to ${Math.max(...added).toFixed(0)})`,
      `${pass ? `below ${pct(target)}` : 'MISS'}: ${name} kvscope's own code adds at least ${pct(share)} to the bare client's ` +
        `${bareClientUs.toFixed(2)} µs of CPU per operation against the servers above (a lower bound: over stand-ins its loop's objects ` +
        `are young, in a worker they are old and cost more; the end-to-end ratio judges)`,
    ],
  };
}

/** After a benchmark's rounds against servers: kvscope's own code for the same scenario, judged against the bare client's cost in those rounds. */
export async function driverCostAfter(
  name: string,
  scenario: Scenario,
  rounds: readonly CpuRound[],
  seed: number,
): Promise<{ pass: boolean; lines: string[] }> {
  // One tick per second's worth of one worker's answers, at kvscope's rate in those rounds.
  const tickEveryAnswers = Math.max(MIN_TICK_EVERY, median(rounds.map((r) => r.kvscope.opsPerSec)) / scenario.workers);
  const cost = await driverCost(scenario, { rounds: DRIVER_COST_ROUNDS, ops: DRIVER_COST_OPS, seed, tickEveryAnswers });
  return driverCostVerdict(name, cost, median(rounds.map((r) => usPerOp(r.bare))));
}
