import type { LatencyStats } from '../metrics/histogram';
import type { RunFile } from '../run/format';
import type { RunGroup } from '../plan/group';
import { fullStrength, measured, opTypes, p99Series, partialSeconds, rated, throughputSeries, TOTAL } from './series';
import { settingsDiff, type SettingDiff } from './settings-diff';
import { secondsVerdict, type Verdict } from './verdict';
import type { GroupTables } from './compare-groups';

import { MAX_RUNS, MIN_RUNS } from './limits';

// Callers that compare import the limits and the formatting from here too.
export { MAX_RUNS, MIN_RUNS };
export {
  fmtChange,
  fmtShift,
  fmtP,
  groupTable,
  ONE_RUN_A_SIDE,
  repeatHint,
  RUNS_NOTE,
  SECONDS_NOTE,
  verdictLine,
  verdictLines,
} from './compare-format';

export interface RunRef {
  id: string;
  name: string;
  createdAt: string;
  /** Set for a run of a sweep or repeat: it is named by its value (app/run/title.ts). */
  group?: RunGroup;
}

/**
 * One run's figure in a row (its mean over its seconds, n of them); for a
 * candidate compared one run a side, also the verdict against the baseline.
 */
export type Cell = { mean: number; n: number } & Partial<Verdict>;

/** A row per op type: the baseline's cell, then each candidate's; null where a run has no such op. */
export interface Row {
  op: string;
  cells: (Cell | null)[];
}

export interface Comparison {
  runs: RunRef[];
  baseline: number;
  settings: SettingDiff[];
  /** Per run: the mean of its measured seconds; with one run a side, each candidate's verdict on the seconds. */
  throughput: Row[];
  p99: Row[];
  /** Latency percentiles of the whole measured run, per op type and run (µs). */
  latency: { op: string; perRun: (LatencyStats | null)[] }[];
  /** Per run, measured seconds with fewer workers than expected, left out of throughput and p99 (0 with includePartial). */
  partialLeftOut: number[];
  /** Set when runs were compared as groups (repeats of each side): the verdicts are on the runs, there. */
  groups?: GroupTables;
}

export interface CompareOptions {
  /** Keep seconds in which a worker was missing (left out by default). */
  includePartial?: boolean;
}

export class CompareError extends Error {}

const mean = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;

/** Each run's cell; with `judge`, each candidate's verdict against the baseline on the seconds. */
function row(op: string, series: (number[] | null)[], baseline: number, judge: boolean): Row {
  const base = series[baseline];
  const cells = series.map((s, i): Cell | null => {
    if (!s || s.length === 0) return null;
    const cell: Cell = { mean: mean(s), n: s.length };
    if (!judge || i === baseline || !base || base.length === 0) return cell;
    return { ...cell, ...secondsVerdict(base, s) };
  });
  return { op, cells };
}

/** The op types of the runs, sorted, then 'total'. */
export function comparedOps(runs: readonly RunFile[]): string[] {
  return [...[...new Set(runs.flatMap((r) => opTypes(r.samples)))].sort(), TOTAL];
}

/** Whether a run has an op type (every run has the total). */
export const hasOp = (r: RunFile, op: string): boolean => op === TOTAL || r.summary.ops[op] !== undefined;

/** The seconds a comparison reads: the full-strength measured ones, or every measured one. */
export const comparedSeconds = (opts: CompareOptions) => (opts.includePartial ? measured : fullStrength);

/** A run's throughput seconds for an op (rated ones: a second the load ran in only part of is no rate), null without the op. */
export const throughputOf = (r: RunFile, op: string, opts: CompareOptions): number[] | null =>
  hasOp(r, op) ? throughputSeries(r.samples, op, rated(comparedSeconds(opts))) : null;

export const p99Of = (r: RunFile, op: string, opts: CompareOptions): number[] | null =>
  hasOp(r, op) ? p99Series(r.samples, op, comparedSeconds(opts)) : null;

/** Everything of a comparison but its verdicts' kind: the runs, their settings, figures and percentiles. */
export function comparisonBase(runs: readonly RunFile[], baseline: number, opts: CompareOptions, judge: boolean): Comparison {
  const ops = comparedOps(runs);
  return {
    runs: runs.map((r) => ({
      id: r.header.id,
      name: r.header.scenario.name ?? '(unnamed)',
      createdAt: r.header.createdAt,
      ...(r.header.group ? { group: r.header.group } : {}),
    })),
    baseline,
    settings: settingsDiff(
      runs.map((r) => r.header.scenario),
      runs.map((r) => ({ node: r.header.env.workerNode, ...r.header.env.clients })),
    ),
    throughput: ops.map((op) =>
      row(
        op,
        runs.map((r) => throughputOf(r, op, opts)),
        baseline,
        judge,
      ),
    ),
    p99: ops.map((op) =>
      row(
        op,
        runs.map((r) => p99Of(r, op, opts)),
        baseline,
        judge,
      ),
    ),
    latency: ops.map((op) => ({
      op,
      perRun: runs.map((r) => (op === TOTAL ? r.summary.total.latency : (r.summary.ops[op]?.latency ?? null))),
    })),
    partialLeftOut: runs.map((r) => (opts.includePartial ? 0 : partialSeconds(r.samples))),
  };
}

/**
 * Compare 2 to 8 runs, one run a side, each against the one at `baseline`,
 * per op type and for all ops together: the verdicts are on the seconds
 * (app/stats/verdict.ts), which cannot speak for run-to-run noise.
 */
export function compareRuns(runs: readonly RunFile[], baseline = 0, opts: CompareOptions = {}): Comparison {
  if (runs.length < MIN_RUNS || runs.length > MAX_RUNS) {
    throw new CompareError(`compare takes ${MIN_RUNS} to ${MAX_RUNS} runs, got ${runs.length}`);
  }
  if (!Number.isInteger(baseline) || baseline < 0 || baseline >= runs.length) {
    throw new CompareError(`baseline must be a run index from 0 to ${runs.length - 1}, got ${baseline}`);
  }
  return comparisonBase(runs, baseline, opts, true);
}
