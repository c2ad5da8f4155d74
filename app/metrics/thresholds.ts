import { z } from 'zod';
import type { OpSummary } from './summary';
import { US_PER_MS } from '../report/numbers';

/**
 * A scenario's pass marks, judged on its measured seconds: latency ceilings
 * (ms, over the whole measured run), a ceiling on the failed share of
 * operations, and a floor on mean throughput. A run that misses one still
 * measured what it measured; the miss is a verdict of its own, beside the
 * outcome, with its own exit code.
 */
export const ThresholdsSchema = z
  .object({
    p99Ms: z.number().positive().max(600_000).optional(),
    p999Ms: z.number().positive().max(600_000).optional(),
    /** Errors, timeouts and unreachable operations over all operations tried, 0 to 1. */
    errorRate: z.number().min(0).max(1).optional(),
    minOpsPerSec: z.number().positive().max(1e9).optional(),
  })
  .strict()
  .refine((t) => Object.keys(t).length > 0, 'give at least one of p99Ms, p999Ms, errorRate, minOpsPerSec');

export type Thresholds = z.infer<typeof ThresholdsSchema>;
export type ThresholdName = keyof Thresholds;

export interface ThresholdResult {
  name: ThresholdName;
  limit: number;
  /** The run's figure, in the threshold's own unit (ms, a share, ops/s); null when the run has none (no answered operation). */
  actual: number | null;
  passed: boolean;
}

/** Ceilings pass at or below their limit, the floor at or above it; a run with no figure fails. */
const CEILING: Readonly<Record<ThresholdName, boolean>> = { p99Ms: true, p999Ms: true, errorRate: true, minOpsPerSec: false };

/** Each threshold the scenario sets, against the run's measured figures, in the order the schema lists them. */
export function judgeThresholds(
  t: Thresholds | undefined,
  total: OpSummary,
  errorRate: number,
  measuredSeconds: number,
): ThresholdResult[] {
  if (!t) return [];
  const answered = total.latency.count > 0;
  const actual: Record<ThresholdName, number | null> = {
    p99Ms: answered ? total.latency.p99 / US_PER_MS : null,
    p999Ms: answered ? total.latency.p999 / US_PER_MS : null,
    errorRate: measuredSeconds > 0 ? errorRate : null,
    minOpsPerSec: measuredSeconds > 0 ? total.opsPerSec.mean : null,
  };
  return (Object.keys(CEILING) as ThresholdName[]).flatMap((name) => {
    const limit = t[name];
    if (limit === undefined) return [];
    const v = actual[name];
    const passed = v !== null && (CEILING[name] ? v <= limit : v >= limit);
    return [{ name, limit, actual: v, passed }];
  });
}

/** `p99 3.10 ms > 2 ms`: a missed threshold by how much, for the summary, the CLI and the Runs list. */
export function thresholdText(r: ThresholdResult): string {
  const unit = r.name === 'minOpsPerSec' ? ' ops/s' : r.name === 'errorRate' ? '' : ' ms';
  const label = { p99Ms: 'p99', p999Ms: 'p99.9', errorRate: 'error rate', minOpsPerSec: 'ops/s' }[r.name];
  const fmt = (v: number) => (r.name === 'errorRate' ? `${(v * 100).toPrecision(3)}%` : String(Number(v.toPrecision(4))));
  if (r.actual === null) return `${label}: no measured figure (limit ${fmt(r.limit)}${unit})`;
  const op = r.passed ? (CEILING[r.name] ? '≤' : '≥') : CEILING[r.name] ? '>' : '<';
  return `${label} ${fmt(r.actual)}${unit} ${op} ${fmt(r.limit)}${unit}`;
}

/** The missed thresholds in one line ('' when every one passed or none was set). */
export function thresholdMisses(results: readonly ThresholdResult[] | undefined): string {
  return (results ?? [])
    .filter((r) => !r.passed)
    .map(thresholdText)
    .join('; ');
}
