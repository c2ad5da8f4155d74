import { outcomeOf } from '../../metrics/outcome';
import type { RunFile } from '../../run/format';
import { runTitle } from '../../run/title';
import { memorySeries, p99Series, serverP99Series, throughputSeries, TOTAL } from '../../stats/series';
import { reportDate } from '../report-head';
import { htmlDocument } from './document';
import { esc } from './escape';
import { redactScenario, scrubSecrets, secretValues } from '../../scenario/secrets';
import { environmentTable, nodeStatesTable, settingsTable, summaryTable } from './sections';
import { svgLineChart } from './svg-chart';

/** Outcomes a reader must not miss. */
const BAD = new Set(['failed', 'degraded', 'done with errors', 'interrupted', 'stopped']);

function withServer(run: RunFile): { name: string; values: (number | null)[] }[] {
  const server = serverP99Series(run.samples);
  return server ? [{ name: 'server (slowest node)', values: server }] : [];
}

/** The nodes' states, where the run has per-node series. */
function nodes(run: RunFile): string[] {
  const table = nodeStatesTable(run.samples);
  return table ? ['<h2>Nodes</h2>', table] : [];
}

/** One run as a one-file HTML report: outcome, charts, summary, settings and environment. */
export function runReportHtml(run: RunFile, label = ''): string {
  const h = run.header;
  const title = runTitle({ name: h.scenario.name ?? '(unnamed)', id: h.id, group: h.group });
  const outcome = outcomeOf(run.summary);
  const s = run.summary;
  const body = [
    `<h1>${esc(title)}${label ? ` <span class="muted">${esc(label)}</span>` : ''}</h1>`,
    `<p class="muted">Run on ${esc(reportDate(h.createdAt))} · ${esc(h.scenario.target.kind)} · ${s.seconds} s measured after ${s.warmup.seconds} s warm-up · id ${esc(h.id)}</p>`,
    `<p><span class="outcome${BAD.has(outcome.kind) ? ' bad' : ''}">${esc(outcome.kind)}</span>${outcome.reason ? ` ${esc(outcome.reason)}` : ''}</p>`,
    '<h2>Per second</h2>',
    '<div class="charts">',
    svgLineChart('Throughput', 'ops/s', [{ name: 'all ops', values: throughputSeries(run.samples, TOTAL) }]),
    svgLineChart(
      'p99 latency',
      'ms',
      [
        { name: 'all ops (client)', values: p99Series(run.samples, TOTAL) },
        // The servers' own p99 where the target reports it: what the network and the client add is the gap.
        ...withServer(run),
      ],
      // A server's few µs beside the client's ms: on a linear axis the server's line would lie on 0.
      withServer(run).length > 0 ? 'log' : 'linear',
    ),
    svgLineChart('Client memory (RSS of all workers)', 'MiB', [{ name: 'workers', values: memorySeries(run.samples) }]),
    '</div>',
    ...nodes(run),
    '<h2>Summary</h2>',
    summaryTable(s),
    '<h2>Settings</h2>',
    settingsTable(redactScenario(h.scenario)),
    '<h2>Environment</h2>',
    environmentTable(h.env),
  ].join('\n');
  // A run file from elsewhere may hold a password in clear, and an error may echo it: neither reaches the report.
  return scrubSecrets(htmlDocument(`kvscope: ${title}`, body, `kvscope ${h.env.kvscope}`), secretValues(h.scenario));
}
