import { runTitle } from '../../app/run/title';
import { LATENCY_COLUMNS } from '../../app/metrics/limits';
import { fmtChange, groupTable, RUNS_NOTE, SECONDS_NOTE, verdictLines, type Comparison, type Row } from '../../app/stats/compare';
import { fmtInt, US_PER_MS } from '../../app/report/numbers';
import { table } from './format';

const runName = (c: Comparison, i: number): string => `${runTitle(c.runs[i])}${i === c.baseline && !c.groups ? ' (base)' : ''}`;
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

/** The figures judged: on the runs for groups, on the seconds for one run a side. */
function figures(c: Comparison): string[] {
  const g = c.groups;
  if (g)
    return [
      `groups: ${g.groups.map((x, i) => `${x.label}${i === 0 ? ' (base)' : ''} = ${x.runs.map((r) => runName(c, r)).join(', ')}`).join('; ')}`,
      '',
      `throughput, ops/s (${RUNS_NOTE})`,
      table(groupTable(g, g.throughput, fmtInt)),
      '',
      'p99 of each run, ms',
      table(groupTable(g, g.p99, ms)),
    ];
  return [
    `throughput, ops/s (${SECONDS_NOTE})`,
    figureTable(c, c.throughput, fmtInt),
    '',
    'p99 per second, ms (mean of the seconds)',
    figureTable(c, c.p99, ms),
  ];
}

/** What `kvscope compare` prints: the verdict, the settings that differ, the figures judged, latency side by side. */
export function comparisonText(c: Comparison): string {
  const parts: string[] = [...verdictLines(c), ''];
  if (c.settings.length > 0) {
    parts.push('settings that differ:');
    for (const s of c.settings)
      parts.push(`  ${s.path}: ${s.values.map((v, i) => `${JSON.stringify(v) ?? 'unset'} (${runName(c, i)})`).join(', ')}`);
    parts.push('');
  }
  const short = c.partialLeftOut.map((n, i) => (n > 0 ? `${runName(c, i)}: ${n} s` : '')).filter(Boolean);
  if (short.length > 0) parts.push(`seconds with fewer workers than expected, left out of throughput and p99: ${short.join(', ')}`, '');
  parts.push(...figures(c));
  parts.push('', 'latency over the whole measured run, ms');
  const rows = c.latency.flatMap((l) =>
    l.perRun.map((stats, i) => [l.op, runName(c, i), ...LATENCY_COLUMNS.map(([k]) => (stats ? ms(stats[k] / US_PER_MS) : '-'))]),
  );
  parts.push(table([['op', 'run', ...LATENCY_COLUMNS.map(([, label]) => label)], ...rows]));
  return parts.join('\n');
}
