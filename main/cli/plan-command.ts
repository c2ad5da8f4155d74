import type { PlannedRun } from '../../app/plan/plan';
import { repeatStats } from '../../app/plan/repeats';
import type { Summary } from '../../app/metrics/summary';
import { readRunFile } from '../../app/run/reader';
import { compareRuns, MAX_RUNS } from '../../app/stats/compare';
import { compareGroups, groupLabels } from '../../app/stats/compare-groups';
import { MAX_GROUP_RUNS, MAX_GROUPS, MIN_GROUPS } from '../../app/stats/limits';
import { comparisonText } from './compare-view';
import { fmtInt, fmtUsAsMs } from '../../app/report/numbers';
import { table } from './format';
import { printLine } from './terminal';
import { runCommand, type RunCommandOptions } from './run-command';
import { EXIT_DEGRADED, EXIT_FAILED, EXIT_OK, EXIT_THRESHOLDS } from '../exit-codes';
import { plainValue } from '../../app/plan/grid';
import { sweptText } from '../../app/run/title';
import { byOuterValue, gridTable, innerText, type Done } from './grid-table';

const WORST_FIRST: readonly number[] = [EXIT_FAILED, EXIT_DEGRADED, EXIT_THRESHOLDS, EXIT_OK];

/** Exit codes at or above this came from a signal: the plan stops there. */
const FIRST_SIGNAL_EXIT = 128;

/** What sets a run apart in its plan's table: a swept value as JSON, or in a grid each setting's value. */
const keyOf = (p: PlannedRun): string[] =>
  p.group?.cell ? p.group.cell.map((c) => plainValue(c.value)) : p.group?.setting ? [JSON.stringify(p.group.value)] : [''];
const valueOf = (p: PlannedRun): string => keyOf(p).join(' ');

/**
 * The runs of a repeat or sweep one after the other, each recorded with its
 * group, then one table: per swept value (or for the repeats), the median
 * ops/s and p99 across its runs, their spread, and runs that stand apart.
 * Ctrl-C stops the running one and skips the rest.
 */
export async function planCommand(plans: readonly PlannedRun[], o: RunCommandOptions): Promise<number> {
  const print = o.print ?? printLine;
  const done: Done[] = [];
  let code = EXIT_OK;
  for (const plan of plans) {
    const g = plan.group;
    if (g) print(`\n== run ${g.index + 1} of ${g.count}${g.setting ? `: ${sweptText(g)}` : ''}`);
    let summary: Summary | null = null;
    let file: string | null = null;
    const exit = await runCommand(plan.scenario, {
      ...o,
      group: g,
      label: plan.label,
      out: undefined,
      onSummary: (s, path) => {
        summary = s;
        file = path;
      },
    });
    done.push({ plan, summary, file });
    if (exit >= FIRST_SIGNAL_EXIT) return exit;
    // The worst run decides: a failure over a caveat over a missed threshold over a clean run.
    if (WORST_FIRST.indexOf(exit) < WORST_FIRST.indexOf(code)) code = exit;
  }
  print('');
  print(planTable(done));
  const grid = done[0]?.plan.group?.cell;
  if (grid) {
    print(`\n${gridTable(done)}`);
    for (const part of byOuterValue(done)) {
      const c = valuesComparison(part.done, innerText, `${grid[0].setting}=${part.value}: `);
      if (c) print(`\n${c}`);
    }
  } else {
    const sweep = valuesComparison(done, (p) => `${p.group?.setting}=${valueOf(p)}`, '');
    if (sweep) print(`\n${sweep}`);
  }
  return code;
}

/**
 * A sweep ends with one comparison of its values, the first value the
 * baseline (a grid, one per outer value, of its inner cells). With repeats,
 * each value's runs are a group and the verdicts are on the runs (as many
 * values as MAX_GROUP_RUNS holds); without, one run a value, judged on its
 * seconds, which the comparison says.
 */
function valuesComparison(done: readonly Done[], nameOf: (p: PlannedRun) => string, heading: string): string | null {
  if (!done[0]?.plan.group?.setting) return null;
  const finished = done.filter((d) => d.summary && d.file);
  const byValue = new Map<string, Done[]>();
  for (const d of finished) byValue.set(valueOf(d.plan), [...(byValue.get(valueOf(d.plan)) ?? []), d]);
  const values = [...byValue.values()];
  if (values.length < MIN_GROUPS) return null;
  if (values.some((ds) => ds.length > 1)) {
    const shown: Done[][] = [];
    let runs = 0;
    for (const ds of values) {
      if (runs + ds.length > MAX_GROUP_RUNS || shown.length === MAX_GROUPS) break;
      shown.push(ds);
      runs += ds.length;
    }
    if (shown.length < MIN_GROUPS) return null;
    const note =
      shown.length < values.length ? ` (the first ${shown.length} of ${values.length} values: ${MAX_GROUP_RUNS} runs at most)` : '';
    const groups = shown.map((ds) => ds.map((d) => readRunFile(d.file!)));
    const c = compareGroups(groups, groupLabels(groups));
    return `${heading}comparison of the swept values${note}, their runs as groups, ${nameOf(shown[0][0].plan)} as the baseline:\n${comparisonText(c)}`;
  }
  const picked = values.map((ds) => ds[0]).slice(0, MAX_RUNS);
  const note = values.length > MAX_RUNS ? ` (the first ${MAX_RUNS} of ${values.length} values)` : '';
  const c = compareRuns(picked.map((d) => readRunFile(d.file!)));
  return `${heading}comparison of the swept values${note}, ${nameOf(picked[0].plan)} as the baseline:\n${comparisonText(c)}`;
}

function planTable(done: readonly Done[]): string {
  const byValue = new Map<string, Done[]>();
  for (const d of done) byValue.set(valueOf(d.plan), [...(byValue.get(valueOf(d.plan)) ?? []), d]);
  const g = done[0]?.plan.group;
  const heads = g?.cell ? g.cell.map((c) => c.setting) : [g?.setting ?? 'runs'];
  const rows = [[...heads, 'runs', 'ops/s median', 'spread', 'p99 ms median', 'outliers (run #)']];
  for (const [value, ds] of byValue) {
    const ok = ds.filter((d) => d.summary !== null);
    const key = value ? keyOf(ds[0].plan) : ['all'];
    if (ok.length === 0) {
      rows.push([...key, String(ds.length), '-', '-', '-', 'no run finished']);
      continue;
    }
    const ops = repeatStats(ok.map((d) => d.summary!.total.opsPerSec.mean));
    const p99 = repeatStats(ok.map((d) => d.summary!.total.latency.p99));
    const outliers = [...new Set([...ops.outliers, ...p99.outliers])]
      .sort((a, b) => a - b)
      .map((i) => String((ok[i].plan.group?.index ?? i) + 1));
    rows.push([
      ...key,
      String(ds.length),
      fmtInt(ops.median),
      `${(ops.spread * 100).toFixed(1)}%`,
      fmtUsAsMs(p99.median),
      outliers.join(' ') || '-',
    ]);
  }
  return table(rows);
}
