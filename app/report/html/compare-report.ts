import type { RunFile } from '../../run/format';
import { runTitle } from '../../run/title';
import { LATENCY_COLUMNS } from '../../metrics/limits';
import { fmtChange, groupTable, RUNS_NOTE, SECONDS_NOTE, verdictLines, type Comparison, type Row } from '../../stats/compare';
import { memorySeries, p99Series, serverP99Series, throughputSeries, TOTAL } from '../../stats/series';
import { fmtInt, US_PER_MS } from '../numbers';
import { fmtLatency } from '../latency-format';
import { comparisonHead, machineOf } from '../report-head';
import { htmlDocument, htmlTable } from './document';
import { esc } from './escape';
import { scrubSecrets, secretValues } from '../../scenario/secrets';
import { environmentTable } from './sections';
import { svgLineChart } from './svg-chart';

/** The comparison holds p99 in ms; a fast server's few µs must not print as 0.00. */
const p99Text = (ms: number): string => fmtLatency(ms * US_PER_MS);

/** A figure's table: baseline first, then each candidate's value and its change (as the Compare page prints it). */
function figureTable(c: Comparison, rows: readonly Row[], fmt: (v: number) => string): string {
  const order = [c.baseline, ...c.runs.map((_, i) => i).filter((i) => i !== c.baseline)];
  const head = [
    'op',
    ...order.flatMap((i) => (i === c.baseline ? [`${runTitle(c.runs[i])} (baseline)`] : [runTitle(c.runs[i]), 'change'])),
  ];
  const body = rows.map((r) => [
    r.op,
    ...order.flatMap((i) => {
      const cell = r.cells[i];
      const value = { num: cell ? fmt(cell.mean) : '–' };
      return i === c.baseline ? [value] : [value, fmtChange(r.cells[c.baseline], cell, fmt)];
    }),
  ]);
  return htmlTable(head, body);
}

/** The judged figures: the groups' tables on their runs, or each run's against the baseline on its seconds. */
function figureSections(c: Comparison): string[] {
  const g = c.groups;
  const asHtml = (rows: string[][]) => htmlTable(rows[0], rows.slice(1));
  if (g)
    return [
      '<h2>Throughput, ops/s (runs compared as groups)</h2>',
      `<p class="muted">${esc(RUNS_NOTE)}</p>`,
      asHtml(groupTable(g, g.throughput, fmtInt)),
      '<h2>p99 of each run</h2>',
      asHtml(groupTable(g, g.p99, p99Text)),
    ];
  return [
    '<h2>Throughput, ops/s</h2>',
    `<p class="muted">${esc(SECONDS_NOTE)}</p>`,
    figureTable(c, c.throughput, fmtInt),
    '<h2>p99 per second</h2>',
    figureTable(c, c.p99, p99Text),
  ];
}

function latencyTable(c: Comparison): string {
  const rows = c.latency.flatMap((l) =>
    l.perRun.map((stats, i) => [
      l.op,
      runTitle(c.runs[i]),
      ...LATENCY_COLUMNS.map(([k]) => ({ num: stats && stats.count > 0 ? fmtLatency(stats[k]) : '–' })),
    ]),
  );
  return htmlTable(['op', 'run', ...LATENCY_COLUMNS.map(([, l]) => l)], rows, 2);
}

/** A comparison of 2 to 8 runs as a one-file HTML report: head, charts, tables, settings that differ, environments. */
export function comparisonReportHtml(runs: readonly RunFile[], c: Comparison): string {
  const head = comparisonHead(
    c.runs,
    c.baseline,
    runs.map((r) => machineOf(r.header.env)),
  );
  const names = c.runs.map(runTitle);
  const lines = (series: (number | null)[][]) => series.map((values, i) => ({ name: names[i], values }));
  const settings =
    c.settings.length === 0
      ? '<p class="muted">Same settings in every run.</p>'
      : htmlTable(
          ['setting', ...names],
          c.settings.map((s) => [s.path, ...s.values.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'unset')))]),
          99,
        );
  const body = [
    `<h1>${esc(head.title)}</h1>`,
    ...head.lines.map((l) => `<p class="muted">${esc(l)}</p>`),
    ...verdictLines(c).map((l) => `<p class="verdict">${esc(l)}</p>`),
    '<h2>Settings that differ</h2>',
    settings,
    '<h2>Per second</h2>',
    '<div class="charts">',
    svgLineChart('Throughput, all ops', 'ops/s', lines(runs.map((r) => throughputSeries(r.samples, TOTAL)))),
    svgLineChart('p99 latency, all ops', 'ms', lines(runs.map((r) => p99Series(r.samples, TOTAL)))),
    svgLineChart('Client memory', 'MiB', lines(runs.map((r) => memorySeries(r.samples)))),
    ...(runs.some((r) => serverP99Series(r.samples))
      ? [svgLineChart('Server p99 (slowest node)', 'ms', lines(runs.map((r) => serverP99Series(r.samples) ?? [])))]
      : []),
    '</div>',
    ...figureSections(c),
    '<h2>Latency over the whole measured run</h2>',
    latencyTable(c),
    '<h2>Environment</h2>',
    ...runs.map((r, i) => `<p><b>${esc(names[i])}</b></p>\n${environmentTable(r.header.env)}`),
  ].join('\n');
  // Secrets a run file may hold in clear (and errors may echo) never reach the report.
  const secrets = runs.flatMap((r) => secretValues(r.header.scenario));
  return scrubSecrets(htmlDocument(`kvscope: ${head.title}`, body, `kvscope ${runs[0].header.env.kvscope}`), secrets);
}
