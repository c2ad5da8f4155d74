import { performance } from 'node:perf_hooks';
import type { FromBare } from './bare-protocol';

/** What a bare loop runs for: warm-up, then measured seconds; optionally a bound in operations. */
export interface ClosedLoopSettings {
  inFlight: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Issue no more than this many operations (bench:drivers counts runs in operations); no bound when absent. */
  maxOps?: number;
  /** Also measure each answer's latency, as any latency benchmark must (measured-loop.ts): the floor. */
  measure?: boolean;
  /** Add this many nanoseconds of pure CPU before each operation (spin.ts): a paired round's sensitivity. */
  spinNs?: number;
  /**
   * With `measure`: encode the histogram once a second, as a worker's tick does (the default). bench:callgrind
   * turns it off, as it leaves out kvscope's tick clock: under valgrind a second holds a fiftieth of its operations.
   */
  encode?: boolean;
}

/**
 * The running loop's answers and failures since it started, warm-up included,
 * and a way to end it early: what a paired round (run-paired.ts) reads at the
 * edges of kvscope's measured seconds, and how it ends the bare side after.
 * A child running another loop (clusters/loop-child.ts) sets `stop` and
 * `pending` (what its loop holds that `ops` and `errors` do not count yet).
 */
export const live = {
  ops: 0,
  errors: 0,
  stop: (): void => undefined,
  pending: (): { ops: number; errors: number } => NOTHING_PENDING,
};
const NOTHING_PENDING = { ops: 0, errors: 0 };

/**
 * A loop's measured phase: when it begins, and its CPU time and event-loop
 * use from then on (read again when warm-up ends), turned into the result.
 */
export function measuredPhase(c: ClosedLoopSettings): {
  measureFrom: number;
  result(endAt: number, ops: number, errors: number): FromBare & { type: 'result' };
} {
  const measureFrom = performance.now() + c.warmupSeconds * 1000;
  let eluStart = performance.eventLoopUtilization();
  let cpuStart = process.cpuUsage();
  setTimeout(
    () => {
      eluStart = performance.eventLoopUtilization();
      cpuStart = process.cpuUsage();
    },
    Math.max(0, measureFrom - performance.now()),
  );
  return {
    measureFrom,
    result(endAt, ops, errors) {
      const elu = performance.eventLoopUtilization(eluStart).utilization;
      const cpu = process.cpuUsage(cpuStart);
      // Stopped early (a paired round), the measured seconds are those it ran.
      const seconds = Math.max(0, Math.min(c.durationSeconds, (endAt - measureFrom) / 1000));
      return { type: 'result', data: { ops, errors, opsPerSec: seconds ? ops / seconds : 0, elu, cpuUs: cpu.user + cpu.system } };
    },
  };
}
