import { serverLatency } from '../metrics/server-latency';
import { MIB, US_PER_MS } from '../report/numbers';
import { isCutShort, isPartial, type Sample } from '../metrics/sample';

/** What is compared per second: an op type's throughput, or its p99. */
export const TOTAL = 'total';

/** The measured seconds only: warm-up is kept apart in every figure. */
export const measured = (samples: readonly Sample[]): Sample[] => samples.filter((s) => s.phase === 'run');

/**
 * The measured seconds every expected worker reported in: a second missing a
 * worker ran at part of the scenario's load, so comparing it would test the
 * loss, not the target.
 */
export const fullStrength = (samples: readonly Sample[]): Sample[] => samples.filter((s) => s.phase === 'run' && !isPartial(s));

/** Measured seconds left out of a comparison because a worker was missing. */
export const partialSeconds = (samples: readonly Sample[]): number => samples.filter((s) => s.phase === 'run' && isPartial(s)).length;

/** Those of the seconds whose count is a rate: a second the load ran in only part of (stopped mid-second) is not. */
export const rated =
  (seconds: SecondsFilter): SecondsFilter =>
  (samples) =>
    seconds(samples).filter((s) => !isCutShort(s));

/** Which seconds a series covers: all measured ones (aligned by second, for charts and CSV) or only the full-strength ones. */
type SecondsFilter = (samples: readonly Sample[]) => Sample[];

/** Op types of a run, sorted, without 'total'. */
export function opTypes(samples: readonly Sample[]): string[] {
  const ops = new Set<string>();
  for (const s of samples) for (const op of Object.keys(s.ops)) ops.add(op);
  return [...ops].sort();
}

/** Operations completed in each measured second, for one op type or every type (TOTAL). */
export function throughputSeries(samples: readonly Sample[], op: string, seconds: SecondsFilter = measured): number[] {
  return seconds(samples).map((s) => (op === TOTAL ? s.totals.count : (s.ops[op]?.count ?? 0)));
}

/** p99 of each measured second in ms; seconds without that op type have no p99 and are left out. */
export function p99Series(samples: readonly Sample[], op: string, seconds: SecondsFilter = measured): number[] {
  const out: number[] = [];
  for (const s of seconds(samples)) {
    const l = op === TOTAL ? (s.totals.count > 0 ? s.latency : undefined) : s.ops[op]?.latency;
    if (l && l.count > 0) out.push(l.p99 / US_PER_MS);
  }
  return out;
}

/** Client memory of each measured second: the sum of the workers' RSS, in MiB (the client's whole footprint). */
export function memorySeries(samples: readonly Sample[]): number[] {
  return measured(samples).map((s) => s.workers.reduce((a, w) => a + w.mem.rss, 0) / MIB);
}

/**
 * The server's own p99 of each measured second in ms: the slowest node's
 * (a node's p99 is its histogram bucket's upper bound); null for a second in
 * which no node reported its latency. Null as a whole for a run that has none.
 */
export function serverP99Series(samples: readonly Sample[]): (number | null)[] | null {
  let any = false;
  const out = measured(samples).map((s) => {
    let worst: number | null = null;
    for (const n of s.nodes) {
      const p99 = serverLatency(n.rates)?.p99;
      if (p99 !== undefined) worst = Math.max(worst ?? 0, p99 / US_PER_MS);
    }
    any ||= worst !== null;
    return worst;
  });
  return any ? out : null;
}
