/**
 * The search for the highest rate that meets an objective. A closed-loop
 * probe measures what the target gives at most (P); open-loop steps then
 * rise in coarse strides from half of it, and once a step fails, bisection
 * narrows the edge between the last step that held and the first that did
 * not, until they are within CAPACITY_PRECISION of each other. A step holds
 * when it meets the objective and its throughput follows the rate asked
 * (FOLLOW_SHARE of it): past capacity an open loop's throughput stops there
 * and its latency climbs.
 */

/** The coarse steps, as shares of the probe's throughput; past the last, each stride adds BEYOND_STRIDE. */
export const COARSE_SHARES: readonly number[] = [0.5, 0.75, 0.9, 1];
const BEYOND_STRIDE = 1.25;
/** Bisection stops once the edge is narrower than this share of the rate that held. */
export const CAPACITY_PRECISION = 0.05;
/** A step whose throughput falls below this share of its rate did not keep up. */
export const FOLLOW_SHARE = 0.95;
/** Steps at most, the probe not counted: a bound on the time a search takes. */
export const MAX_CAPACITY_STEPS = 14;
/** Below this rate (ops/s) a search gives up: nothing worth calling a capacity holds. */
const MIN_RATE = 1;

export interface StepResult {
  rate: number;
  /** Mean ops/s over the step's measured seconds. */
  achieved: number;
  /** Every condition of the objective met. */
  metSlo: boolean;
  /** What broke, in words, when the step did not hold (e.g. "p99 3.1 ms > 2 ms"). */
  why?: string;
  /** Latency over the step's measured seconds (µs), for the latency-against-throughput chart. */
  latencyUs?: { p50: number; p99: number; p999: number };
}

export const held = (s: StepResult): boolean => s.metSlo && s.achieved >= FOLLOW_SHARE * s.rate;

export interface CapacityAnswer {
  /** The highest rate that held, or null when none did. */
  capacity: StepResult | null;
  /** The lowest rate above it that did not hold, or null when the search ran out of steps first. */
  failedAt: StepResult | null;
  /** Why the search ended. */
  ended: 'edge found' | 'out of steps' | 'nothing held';
}

export class CapacitySearch {
  readonly steps: StepResult[] = [];

  constructor(
    private readonly probe: number,
    private readonly maxSteps = MAX_CAPACITY_STEPS,
  ) {}

  private best(): StepResult | null {
    return this.steps.filter(held).reduce<StepResult | null>((b, s) => (!b || s.rate > b.rate ? s : b), null);
  }

  private firstFailAbove(rate: number): StepResult | null {
    return this.steps.filter((s) => !held(s) && s.rate > rate).reduce<StepResult | null>((b, s) => (!b || s.rate < b.rate ? s : b), null);
  }

  /** The next rate to try, or undefined when the search is over. */
  next(): number | undefined {
    if (this.steps.length >= this.maxSteps) return undefined;
    const best = this.best();
    const fail = this.firstFailAbove(best?.rate ?? 0);
    if (!fail) {
      // Still rising: the next coarse share, then strides past the probe.
      const tried = this.steps.length;
      return Math.round(tried < COARSE_SHARES.length ? COARSE_SHARES[tried] * this.probe : (best?.rate ?? this.probe) * BEYOND_STRIDE);
    }
    const low = best?.rate ?? 0;
    if (!best && fail.rate / 2 < MIN_RATE) return undefined;
    if (best && (fail.rate - low) / low <= CAPACITY_PRECISION) return undefined;
    return Math.round((low + fail.rate) / 2);
  }

  record(step: StepResult): void {
    this.steps.push(step);
  }

  answer(): CapacityAnswer {
    const capacity = this.best();
    const failedAt = this.firstFailAbove(capacity?.rate ?? 0);
    const narrow = capacity !== null && failedAt !== null && (failedAt.rate - capacity.rate) / capacity.rate <= CAPACITY_PRECISION;
    const ended = !capacity ? 'nothing held' : narrow ? 'edge found' : 'out of steps';
    return { capacity, failedAt, ended };
  }
}
