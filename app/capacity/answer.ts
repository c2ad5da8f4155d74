import type { CapacityAnswer } from './search';
import { fmtInt } from '../report/numbers';

/** The answer in one line: "84,000 ops/s within p99 < 2 ms; at 90,000 ops/s p99 3.1 ms > 2 ms". */
export function answerLine(a: CapacityAnswer, slo: string): string {
  if (!a.capacity)
    return `no rate held ${slo}${a.failedAt ? `: at ${fmtInt(a.failedAt.rate)} ops/s ${a.failedAt.why ?? 'throughput did not follow'}` : ''}`;
  const cap = `${fmtInt(a.capacity.achieved)} ops/s within ${slo}`;
  if (!a.failedAt) return `${cap}; the search ran out of steps before anything failed: the capacity is higher`;
  const why = a.failedAt.why ?? `throughput reached only ${fmtInt(a.failedAt.achieved)} ops/s`;
  return `${cap}; at ${fmtInt(a.failedAt.rate)} ops/s ${why}${a.ended === 'out of steps' ? ' (out of steps before the edge narrowed)' : ''}`;
}
