import { MIB, US_PER_MS } from './numbers';
import { LATENCY_COLUMNS } from '../metrics/limits';
import type { RunFile } from '../run/format';
import type { Comparison } from '../stats/compare';
import type { Verdict } from '../stats/verdict';
import { memorySeries, opTypes, p99Series, serverP99Series, throughputSeries, TOTAL } from '../stats/series';
import { csv, type Field } from './csv';
import { runTitle, SHORT_ID } from '../run/title';

const SIGNIFICANCE_TEXT = (cell: { tooFew?: boolean; significant?: boolean }): string =>
  cell.tooFew ? 'too few to judge' : cell.significant === undefined ? '' : cell.significant ? 'yes' : 'no';
/** Setting values as typed: text plain, numbers and booleans as they are, objects and lists as JSON. */
const settingValue = (v: unknown): Field =>
  typeof v === 'string' || typeof v === 'number' ? v : v === undefined ? '' : typeof v === 'boolean' ? String(v) : JSON.stringify(v);

const COMPARISON_HEADER = [
  'run',
  'label',
  'baseline',
  'op',
  'metric',
  'value',
  'unit',
  'n',
  'change_pct',
  'p_value',
  'significant',
  'shift',
  'shift_low',
  'shift_high',
  'change_low_pct',
  'change_high_pct',
  'method',
  'n_runs',
];

/** A figure's verdict columns, change_pct to n_runs; empty for a baseline or an unjudged figure. */
function judged(cell: Partial<Verdict>): Field[] {
  const sh = cell.shift;
  return [
    cell.changePct,
    cell.p,
    SIGNIFICANCE_TEXT(cell),
    sh?.estimate,
    sh?.low,
    sh?.high,
    cell.changeLowPct,
    cell.changeHighPct,
    cell.method,
    cell.nRuns ? `${cell.nRuns[0]}+${cell.nRuns[1]}` : undefined,
  ];
}

/**
 * The comparison as one tidy table: a row per run, op type and figure, every
 * row with every column (empty where a figure has no such thing). Throughput
 * and per-second p99 carry the change against the baseline, its p, the
 * shift and its 95 % interval (in the unit and in percent), the test's
 * method and the runs a side; n is their number of seconds. Compared as
 * groups, a row per group and figure follows (n its runs); latency
 * percentiles of the whole run and the settings that differ come last, in
 * the same columns.
 */
export function comparisonCsv(c: Comparison): string {
  const rows: Field[][] = [COMPARISON_HEADER];
  const who = (i: number): Field[] => [c.runs[i].id.slice(0, SHORT_ID), runTitle(c.runs[i]), i === c.baseline ? 'yes' : 'no'];
  const figure = (metric: string, unit: string, table: Comparison['throughput']) => {
    for (const r of table) {
      r.cells.forEach((cell, i) => {
        if (!cell) return;
        rows.push([...who(i), r.op, metric, cell.mean, unit, cell.n, ...judged(cell)]);
      });
    }
  };
  figure('throughput', 'ops/s', c.throughput);
  figure('p99_per_second', 'ms', c.p99);
  // Compared as groups: a row per group and figure, its value the mean of its runs' figures, n its runs.
  const g = c.groups;
  const groupFigure = (metric: string, unit: string, table: NonNullable<Comparison['groups']>['throughput']) => {
    for (const r of table)
      r.cells.forEach((cell, i) => {
        if (cell)
          rows.push([
            '',
            g!.groups[i].label,
            i === 0 ? 'yes' : 'no',
            r.op,
            metric,
            cell.mean,
            unit,
            g!.groups[i].runs.length,
            ...judged(cell),
          ]);
      });
  };
  if (g) {
    groupFigure('throughput_runs', 'ops/s', g.throughput);
    groupFigure('p99_runs', 'ms', g.p99);
  }
  for (const l of c.latency) {
    l.perRun.forEach((stats, i) => {
      if (!stats) return;
      for (const [p] of LATENCY_COLUMNS) rows.push([...who(i), l.op, `latency_${p}`, stats[p] / US_PER_MS, 'ms']);
    });
  }
  for (const s of c.settings) s.values.forEach((v, i) => rows.push([...who(i), s.path, 'setting', settingValue(v)]));
  return csv(rows.map((r) => [...r, ...Array<Field>(COMPARISON_HEADER.length - r.length).fill(null)]));
}

/** Every compared run's per-second series side by side, aligned by measured second (a shorter run's cells stay empty). */
export function alignedSeriesCsv(runs: readonly RunFile[], names: readonly string[]): string {
  const cols: { name: string; values: readonly (number | null)[] }[] = [];
  runs.forEach((r, i) => {
    for (const op of [...opTypes(r.samples), TOTAL])
      cols.push({ name: `${names[i]} ${op} ops/s`, values: throughputSeries(r.samples, op) });
    cols.push({ name: `${names[i]} p99 ms`, values: p99Series(r.samples, TOTAL) });
    cols.push({ name: `${names[i]} client RSS MiB`, values: memorySeries(r.samples) });
    const server = serverP99Series(r.samples);
    if (server) cols.push({ name: `${names[i]} server p99 ms (slowest node)`, values: server });
  });
  const length = Math.max(0, ...cols.map((c) => c.values.length));
  const rows: Field[][] = [['second', ...cols.map((c) => c.name)]];
  // Counted from 0, as run seconds are everywhere else (the per-second CSV, the charts).
  for (let s = 0; s < length; s++) rows.push([s, ...cols.map((c) => c.values[s])]);
  return csv(rows);
}

/** One run, one row per second (warm-up included and marked): counts and latency per op type, bytes and memory. */
export function runSecondsCsv(run: RunFile): string {
  const ops = opTypes(run.samples);
  const perOp = ['ops', 'errors', 'timeouts', 'not_found', 'p50_ms', 'p99_ms', 'max_ms'];
  const rows: Field[][] = [
    [
      'second',
      'phase',
      ...ops.flatMap((op) => perOp.map((f) => `${op}_${f}`)),
      'total_ops',
      'total_p50_ms',
      'total_p99_ms',
      'bytes_in',
      'bytes_out',
      'client_rss_mib',
      'covered',
    ],
  ];
  for (const s of run.samples) {
    const cells: Field[] = [s.second, s.phase];
    for (const op of ops) {
      const o = s.ops[op];
      cells.push(
        ...(o
          ? [o.count, o.errors, o.timeouts, o.notFound, o.latency.p50 / US_PER_MS, o.latency.p99 / US_PER_MS, o.latency.max / US_PER_MS]
          : perOp.map(() => 0)),
      );
    }
    const rss = s.workers.reduce((a, w) => a + w.mem.rss, 0) / MIB;
    // The share of the second the load ran in: below 1 for a run stopped mid-second, whose count is no rate.
    cells.push(s.totals.count, s.latency.p50 / US_PER_MS, s.latency.p99 / US_PER_MS, s.bytesIn, s.bytesOut, rss, s.covered ?? 1);
    rows.push(cells);
  }
  return csv(rows);
}
