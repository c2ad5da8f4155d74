import { cpuUsage } from 'node:process';

/** Iterations timed to learn how many of them make a nanosecond on this machine. */
const CALIBRATION_ITERATIONS = 20_000_000;
/** Calls that warm the spin up before it is timed, so the optimized code is what gets timed. */
const WARM_CALLS = 200;
const WARM_ITERATIONS = 10_000;

/**
 * Pure CPU work: a multiply-add in a register per iteration, no memory
 * touched and nothing allocated, so it costs what its instructions cost and
 * leaves the caches and the collector as they were. The result is kept by the
 * caller, or the compiler could drop the loop.
 */
function spin(iterations: number, seed: number): number {
  let a = seed;
  for (let k = 0; k < iterations; k++) a = (Math.imul(a, 31) + k) | 0;
  return a;
}

/** Iterations of spin() per nanosecond of CPU time, timed here and now. */
export function spinRate(): number {
  let sink = 0;
  for (let i = 0; i < WARM_CALLS; i++) sink = spin(WARM_ITERATIONS, sink);
  const before = cpuUsage();
  sink = spin(CALIBRATION_ITERATIONS, sink);
  const used = cpuUsage(before);
  kept = sink;
  return CALIBRATION_ITERATIONS / Math.max(1, (used.user + used.system) * 1000);
}

/** Where the spins' results go: read by nothing, but the compiler cannot know that. */
let kept = 0;

/**
 * The sensitivity of a paired round: `issue` with `ns` nanoseconds of pure
 * CPU added before each operation. A known cost beside the plain loop shows
 * how a cost that small reads in this pairing: on the Aerospike test node
 * 100 ns, a sixth of a percent of the bare client's CPU per operation, read
 * as one to two percent (docs/benchmarks.md, "What a paired round
 * magnifies").
 */
export function withSpin<T>(issue: () => T, ns: number): () => T {
  const iterations = Math.max(1, Math.round(ns * spinRate()));
  return () => {
    kept = spin(iterations, kept);
    return issue();
  };
}
