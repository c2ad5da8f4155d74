import type { Comparison } from './compare';
import type { GroupRow, GroupTables } from './compare-groups';
import { TOTAL } from './series';
import { runTitle } from '../run/title';
import { METHOD_TEXT, type Shift, type Verdict } from './verdict';

/** Below this a p-value is printed as a bound: three decimals would round it to a false 0.000. */
const P_FLOOR = 0.001;
export const fmtP = (p: number): string => (p < P_FLOOR ? `p<${P_FLOOR}` : `p=${p.toFixed(3)}`);

const signed = (v: number, fmt: (v: number) => string): string => `${v > 0 ? '+' : v < 0 ? '-' : ''}${fmt(Math.abs(v))}`;
const pct = (v: number): string => `${v > 0 ? '+' : ''}${v.toFixed(1)}%`;

/**
 * What every one-run-a-side comparison says beside its verdicts: seconds of
 * one run resemble each other more than two runs of the same thing do.
 */
export const ONE_RUN_A_SIDE =
  'One run a side: the test is on the seconds (counted at their effective number) and cannot speak for run-to-run noise, which on a shared machine is larger.';

/** The commands that judge a change on runs instead. */
export const repeatHint = (scenarios: readonly string[]): string =>
  `To judge it on runs, repeat each side (${[...new Set(scenarios)].map((s) => `kvscope run ${s} --repeat 3`).join('; ')}) and compare the groups: kvscope compare A1 A2 A3 --vs B1 B2 B3.`;

/** "shift +30,973 (95% CI +29,800 to +32,100)": the effect's size with its uncertainty, in the figure's unit. */
export function fmtShift(c: { shift?: Shift } | null, fmt: (v: number) => string): string {
  const sh = c?.shift;
  if (!sh) return '';
  const ci = sh.low === undefined || sh.high === undefined ? '' : ` (95% CI ${signed(sh.low, fmt)} to ${signed(sh.high, fmt)})`;
  return `shift ${signed(sh.estimate, fmt)}${ci}`;
}

/** "n=3+3 runs" or "n=30+30 s": what the test counted. */
const counted = (v: Verdict): string =>
  v.method === 'welch-seconds-ar1' ? `n=${v.nSeconds[0]}+${v.nSeconds[1]} s` : `n=${v.nRuns[0]}+${v.nRuns[1]} runs`;

/**
 * A candidate's change: "+12.3% [+10.1% to +14.5%] (p=0.008 n=3+3 runs)",
 * "~" before it when the test finds no significant change, and, where no
 * test can be made, the change with that said. Given `fmt` (the figure's own
 * format), the shift in the figure's unit follows.
 */
export function fmtChange(base: { mean: number } | null, c: Partial<Verdict> | null, fmt?: (v: number) => string): string {
  if (!base || !c || c.p === undefined || !c.method || !c.nRuns || !c.nSeconds) return '';
  const v = c as Verdict;
  const change = v.changePct === undefined ? '' : pct(v.changePct);
  if (v.tooFew) {
    const what = v.method === 'welch-seconds-ar1' ? 'too few independent seconds to judge' : 'too few runs to judge';
    return `${change ? `${change}, ` : ''}${what} (${counted(v)})`;
  }
  const ci = v.changeLowPct === undefined || v.changeHighPct === undefined ? '' : ` [${pct(v.changeLowPct)} to ${pct(v.changeHighPct)}]`;
  const stats = `(${fmtP(v.p)} ${counted(v)})`;
  const text = `${v.significant ? '' : '~ '}${change}${ci} ${stats}`.trim();
  const shift = fmt ? fmtShift(v, fmt) : '';
  return shift ? `${text}, ${shift}` : text;
}

/** How the figures and verdicts of a comparison of single runs are read. */
export const SECONDS_NOTE =
  "Mean of the measured seconds. Change: Welch's t-test on the per-second values, each run's seconds counted at their effective number (lag-1 autocorrelation: a second resembles the one before); ~ means no significant change at p < 0.05; [low to high] is the change's 95% interval. With fewer than 5 seconds a side no test can tell, and the table says so.";

/** How the verdicts of a comparison of groups are read. */
export const RUNS_NOTE =
  "Each run is one value: the mean ops/s of its measured seconds, and the p99 of its whole measured run. Change: Welch's t-test on those values (Student's with a pooled variance where a side has one run), so run-to-run noise is in the test; ~ means no significant change at p < 0.05; [low to high] is the change's 95% interval.";

/** A group figure as a table of text, for the terminal, the report and the page alike: per op and group, its runs, their mean and the change. */
export function groupTable(g: Pick<GroupTables, 'groups'>, rows: readonly GroupRow[], fmt: (v: number) => string): string[][] {
  const body = rows.flatMap((r) =>
    r.cells.map((cell, i) => [
      r.op,
      `${g.groups[i].label}${i === 0 ? ' (base)' : ''}`,
      cell ? cell.perRun.map((v) => (v === null ? '–' : fmt(v))).join(', ') : '–',
      cell ? fmt(cell.mean) : '–',
      i === 0 || !cell ? '' : fmtChange(r.cells[0], cell, fmt),
    ]),
  );
  return [['op', 'group', 'runs', 'mean', 'change'], ...body];
}

/**
 * The verdict in one line, on all ops together: "no significant change" or
 * what changed, and how it was judged; one run a side says that it cannot
 * speak for run-to-run noise.
 */
export function verdictLine(figures: { label: string; cell: Partial<Verdict> | null | undefined }[], oneRunASide: boolean): string {
  const judged = figures.filter((f): f is { label: string; cell: Partial<Verdict> } => f.cell?.method !== undefined);
  if (judged.length === 0) return '';
  const method = judged[0].cell.method!;
  const how = `${METHOD_TEXT[method]}, n=${method === 'welch-seconds-ar1' ? `${judged[0].cell.nSeconds!.join('+')} s` : `${judged[0].cell.nRuns!.join('+')} runs`}`;
  const few = judged.filter((f) => f.cell.tooFew);
  const changed = judged.filter((f) => f.cell.significant);
  const words =
    few.length === judged.length
      ? 'too few to judge'
      : changed.length === 0
        ? `no significant change in ${judged.map((f) => f.label).join(' or ')}`
        : changed.map((f) => `${f.label} ${pctOf(f.cell)} (${fmtP(f.cell.p!)})`).join(', ');
  return `verdict: ${words} (${how})${oneRunASide ? `. ${ONE_RUN_A_SIDE}` : ''}`;
}

const pctOf = (v: Partial<Verdict>): string => (v.changePct === undefined ? 'changed' : pct(v.changePct));

/** The verdict lines of a comparison: one per candidate (run, or group), on all ops' throughput and p99 together. */
export function verdictLines(c: Comparison): string[] {
  const total = <T>(rows: readonly { op: string; cells: T[] }[]) => rows.find((r) => r.op === TOTAL)?.cells ?? [];
  const g = c.groups;
  const [ops, p99] = g ? [total(g.throughput), total(g.p99)] : [total(c.throughput), total(c.p99)];
  const names = g ? g.groups.map((x) => x.label) : c.runs.map(runTitle);
  const base = g ? 0 : c.baseline;
  const lines = names.flatMap((name, i) => {
    if (i === base) return [];
    const line = verdictLine(
      [
        { label: 'ops/s', cell: ops[i] },
        { label: 'p99', cell: p99[i] },
      ],
      false,
    );
    return line ? [`${name} vs ${names[base]}: ${line}`] : [];
  });
  return g ? lines : [...lines, ONE_RUN_A_SIDE, repeatHint(c.runs.map((r) => r.name))];
}
