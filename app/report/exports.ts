import { LATENCY_COLUMNS } from '../metrics/limits';
import type { RunFile } from '../run/format';
import { fmtChange, type Comparison } from '../stats/compare';
import { memorySeries, opTypes, p99Series, throughputSeries, TOTAL } from '../stats/series';
import { csv, type Field } from './csv';
import { runTitle } from '../run/title';

const US_PER_MS = 1000;
const BYTES_PER_MIB = 1024 * 1024;

const runLabel = (c: Comparison, i: number): string => `${i === c.baseline ? 'baseline ' : ''}${runTitle(c.runs[i])}`;

/** The comparison table, one row per figure, op type and run: what the UI and `kvscope compare` show. */
export function comparisonCsv(c: Comparison): string {
  const rows: Field[][] = [['metric', 'op', 'run', 'run_id', 'value', 'seconds', 'change_pct', 'p_value', 'significant', 'shown_as']];
  const figure = (metric: string, table: Comparison['throughput']) => {
    for (const r of table) {
      r.cells.forEach((cell, i) => {
        if (!cell) return;
        const base = r.cells[c.baseline];
        const sig = cell.tooFew ? 'too few seconds' : cell.significant === undefined ? '' : cell.significant ? 'yes' : 'no';
        rows.push([metric, r.op, runLabel(c, i), c.runs[i].id, cell.mean, cell.n, cell.changePct, cell.p, sig, fmtChange(base, cell)]);
      });
    }
  };
  figure('ops_per_sec', c.throughput);
  figure('p99_ms_per_sec', c.p99);
  for (const l of c.latency) {
    l.perRun.forEach((stats, i) => {
      if (!stats) return;
      for (const [p] of LATENCY_COLUMNS) rows.push([`latency_${p}_ms`, l.op, runLabel(c, i), c.runs[i].id, stats[p] / US_PER_MS]);
    });
  }
  if (c.settings.length > 0) {
    for (const s of c.settings)
      s.values.forEach((v, i) => rows.push(['setting', s.path, runLabel(c, i), c.runs[i].id, JSON.stringify(v) ?? '']));
  }
  return csv(rows);
}

/** Every compared run's per-second series side by side, aligned by measured second (a shorter run's cells stay empty). */
export function alignedSeriesCsv(runs: readonly RunFile[], names: readonly string[]): string {
  const cols: { name: string; values: number[] }[] = [];
  runs.forEach((r, i) => {
    for (const op of [...opTypes(r.samples), TOTAL])
      cols.push({ name: `${names[i]} ${op} ops/s`, values: throughputSeries(r.samples, op) });
    cols.push({ name: `${names[i]} p99 ms`, values: p99Series(r.samples, TOTAL) });
    cols.push({ name: `${names[i]} client RSS MiB`, values: memorySeries(r.samples) });
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
    const rss = s.workers.reduce((a, w) => a + w.mem.rss, 0) / BYTES_PER_MIB;
    cells.push(s.totals.count, s.latency.p50 / US_PER_MS, s.latency.p99 / US_PER_MS, s.bytesIn, s.bytesOut, rss);
    rows.push(cells);
  }
  return csv(rows);
}
