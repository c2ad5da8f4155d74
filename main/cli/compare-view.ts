import { runTitle } from '../../app/run/title';
import { LATENCY_COLUMNS } from '../../app/metrics/limits';
import { fmtChange, type Comparison, type Row } from '../../app/stats/compare';
import { fmtInt } from '../../app/report/numbers';
import { table } from './format';

const US_PER_MS = 1000;

const runName = (c: Comparison, i: number): string => `${runTitle(c.runs[i])}${i === c.baseline ? ' (base)' : ''}`;
const ms = (v: number): string => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

/** Baseline first, then each candidate's value and its change, per op type. */
function figureTable(c: Comparison, rows: readonly Row[], fmt: (v: number) => string): string {
  const order = [c.baseline, ...c.runs.map((_, i) => i).filter((i) => i !== c.baseline)];
  const header = ['op', ...order.flatMap((i) => (i === c.baseline ? [runName(c, i)] : [runName(c, i), 'change']))];
  const body = rows.map((r) => [
    r.op,
    ...order.flatMap((i) => {
      const cell = r.cells[i];
      const value = cell ? fmt(cell.mean) : '-';
      return i === c.baseline ? [value] : [value, fmtChange(r.cells[c.baseline], cell, fmt)];
    }),
  ]);
  return table([header, ...body]);
}

/** What `kvscope compare` prints: the settings that differ, throughput and p99 with significance, latency side by side. */
export function comparisonText(c: Comparison): string {
  const parts: string[] = [];
  if (c.settings.length > 0) {
    parts.push('settings that differ:');
    for (const s of c.settings)
      parts.push(`  ${s.path}: ${s.values.map((v, i) => `${JSON.stringify(v) ?? 'unset'} (${runName(c, i)})`).join(', ')}`);
    parts.push('');
  }
  const short = c.partialLeftOut.map((n, i) => (n > 0 ? `${runName(c, i)}: ${n} s` : '')).filter(Boolean);
  if (short.length > 0) parts.push(`seconds with fewer workers than expected, left out of throughput and p99: ${short.join(', ')}`, '');
  parts.push(
    'throughput, ops/s (mean of measured seconds; change: Mann-Whitney U over the seconds, ~ = no significant change at 0.05; with fewer than 4 seconds a side no test can tell, and the table says so; shift: Hodges-Lehmann estimate of the change with its 95% confidence interval)',
  );
  parts.push(figureTable(c, c.throughput, fmtInt));
  parts.push('', 'p99 per second, ms (mean of the seconds)');
  parts.push(figureTable(c, c.p99, ms));
  parts.push('', 'latency over the whole measured run, ms');
  const rows = c.latency.flatMap((l) =>
    l.perRun.map((stats, i) => [l.op, runName(c, i), ...LATENCY_COLUMNS.map(([k]) => (stats ? ms(stats[k] / US_PER_MS) : '-'))]),
  );
  parts.push(table([['op', 'run', ...LATENCY_COLUMNS.map(([, label]) => label)], ...rows]));
  return parts.join('\n');
}
