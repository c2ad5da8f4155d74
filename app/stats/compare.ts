import type { LatencyStats } from '../metrics/histogram';
import type { RunFile } from '../run/format';
import type { RunGroup } from '../plan/group';
import { mannWhitney, neededPerSide, SIGNIFICANCE, smallestP } from './mann-whitney';
import { fullStrength, measured, opTypes, p99Series, partialSeconds, rated, throughputSeries, TOTAL } from './series';
import { settingsDiff, type SettingDiff } from './settings-diff';
import { hodgesLehmann, type Shift } from './hodges-lehmann';

import { MAX_RUNS, MIN_RUNS } from './limits';

// Callers that compare import the limits from here too.
export { MAX_RUNS, MIN_RUNS };

interface RunRef {
  id: string;
  name: string;
  createdAt: string;
  /** Set for a run of a sweep or repeat: it is named by its value (app/run/title.ts). */
  group?: RunGroup;
}

/** One run's figure in a row; for candidates also the change against the baseline and its significance. */
interface Cell {
  mean: number;
  n: number;
  changePct?: number;
  p?: number;
  significant?: boolean;
  /** Too few seconds on one side or both for the test to reach significance at any difference. */
  tooFew?: boolean;
  /** How far the candidate moved, in the figure's unit: the Hodges-Lehmann estimate and its 95 % interval. */
  shift?: Shift;
}

/** A row per op type: the baseline's cell, then each candidate's; null where a run has no such op. */
export interface Row {
  op: string;
  cells: (Cell | null)[];
}

export interface Comparison {
  runs: RunRef[];
  baseline: number;
  settings: SettingDiff[];
  throughput: Row[];
  p99: Row[];
  /** Latency percentiles of the whole measured run, per op type and run (µs). */
  latency: { op: string; perRun: (LatencyStats | null)[] }[];
  /** Per run, measured seconds with fewer workers than expected, left out of throughput and p99 (0 with includePartial). */
  partialLeftOut: number[];
}

interface CompareOptions {
  /** Keep seconds in which a worker was missing (left out by default). */
  includePartial?: boolean;
}

export class CompareError extends Error {}

const mean = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;

function row(op: string, series: (number[] | null)[], baseline: number): Row {
  const base = series[baseline];
  const cells = series.map((s, i): Cell | null => {
    if (!s || s.length === 0) return null;
    const cell: Cell = { mean: mean(s), n: s.length };
    if (i === baseline || !base || base.length === 0) return cell;
    const t = mannWhitney(base, s);
    const b = mean(base);
    const changePct = b === 0 ? undefined : ((cell.mean - b) / b) * 100;
    const tooFew = smallestP(base.length, s.length) >= SIGNIFICANCE;
    const shift = hodgesLehmann(base, s);
    return {
      ...cell,
      changePct,
      p: t.p,
      significant: !tooFew && t.p < SIGNIFICANCE,
      ...(tooFew ? { tooFew } : {}),
      ...(shift ? { shift } : {}),
    };
  });
  return { op, cells };
}

/** Compare 2 to 8 runs against the one at `baseline`, per op type and for all ops together. */
export function compareRuns(runs: readonly RunFile[], baseline = 0, opts: CompareOptions = {}): Comparison {
  if (runs.length < MIN_RUNS || runs.length > MAX_RUNS) {
    throw new CompareError(`compare takes ${MIN_RUNS} to ${MAX_RUNS} runs, got ${runs.length}`);
  }
  if (!Number.isInteger(baseline) || baseline < 0 || baseline >= runs.length) {
    throw new CompareError(`baseline must be a run index from 0 to ${runs.length - 1}, got ${baseline}`);
  }
  const ops = [...new Set(runs.flatMap((r) => opTypes(r.samples)))].sort();
  ops.push(TOTAL);
  const has = (r: RunFile, op: string) => op === TOTAL || r.summary.ops[op] !== undefined;
  const seconds = opts.includePartial ? measured : fullStrength;
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
        // A second the load ran in only part of is no rate: left out, as in the summary.
        runs.map((r) => (has(r, op) ? throughputSeries(r.samples, op, rated(seconds)) : null)),
        baseline,
      ),
    ),
    p99: ops.map((op) =>
      row(
        op,
        runs.map((r) => (has(r, op) ? p99Series(r.samples, op, seconds) : null)),
        baseline,
      ),
    ),
    latency: ops.map((op) => ({
      op,
      perRun: runs.map((r) => (op === TOTAL ? r.summary.total.latency : (r.summary.ops[op]?.latency ?? null))),
    })),
    partialLeftOut: runs.map((r) => (opts.includePartial ? 0 : partialSeconds(r.samples))),
  };
}

/** Below this a p-value is printed as a bound: three decimals would round it to a false 0.000. */
const P_FLOOR = 0.001;
const fmtP = (p: number): string => (p < P_FLOOR ? `p<${P_FLOOR}` : `p=${p.toFixed(3)}`);

const signed = (v: number, fmt: (v: number) => string): string => `${v > 0 ? '+' : v < 0 ? '-' : ''}${fmt(Math.abs(v))}`;

/** "shift +30,973 (95% CI +29,800 to +32,100)": the effect's size with its uncertainty, in the figure's unit. */
export function fmtShift(c: Cell | null, fmt: (v: number) => string): string {
  const sh = c?.shift;
  if (!sh) return '';
  const ci = sh.low === undefined || sh.high === undefined ? '' : ` (95% CI ${signed(sh.low, fmt)} to ${signed(sh.high, fmt)})`;
  return `shift ${signed(sh.estimate, fmt)}${ci}`;
}

/**
 * A candidate's change as benchstat prints it: "+12.3% (p=0.008 n=30+30)",
 * "~" when the test finds no change, and, when the seconds are too few for
 * the test to find one at all, the change with that said instead of "~".
 * Given `fmt` (the figure's own format), the shift and its 95 % interval
 * follow: "+12.3% (p=0.008 n=30+30), shift +1,234 (95% CI +1,100 to +1,350)".
 */
export function fmtChange(base: Cell | null, c: Cell | null, fmt?: (v: number) => string): string {
  if (!base || !c || c.p === undefined) return '';
  const change = c.changePct === undefined ? '' : `${c.changePct > 0 ? '+' : ''}${c.changePct.toFixed(1)}%`;
  if (c.tooFew) {
    const need = neededPerSide();
    return `${change ? `${change}, ` : ''}too few seconds to judge: needs at least ${need}+${need} (n=${base.n}+${c.n})`;
  }
  const stats = `(${fmtP(c.p)} n=${base.n}+${c.n})`;
  const shift = fmt ? fmtShift(c, fmt) : '';
  const text = !c.significant || change === '' ? `~ ${stats}` : `${change} ${stats}`;
  return shift ? `${text}, ${shift}` : text;
}
