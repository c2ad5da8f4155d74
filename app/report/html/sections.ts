import { boundLabel, bucketRows } from '../../metrics/latency-buckets';
import { LATENCY_COLUMNS } from '../../metrics/limits';
import type { OpSummary, Summary } from '../../metrics/summary';
import type { RunEnvironment } from '../../run/format';
import { countOf, fmtInt, fmtPct } from '../numbers';
import { fmtLatency } from '../latency-format';
import { machineOf } from '../report-head';
import { htmlTable } from './document';
import { appendNodeMarks } from '../../metrics/node-marks';
import type { NodeSample } from '../../metrics/node-stats';

const GIB = 1024 ** 3;

/** The summary table: a row per op type and one for all of them, as the UI and the CLI show it. */
export function summaryTable(s: Summary): string {
  const bounds = bucketRows(s.total.buckets).map((b) => boundLabel(b.boundMs));
  const head = ['op', 'ops', 'ops/s', 'min', 'max', ...LATENCY_COLUMNS.map(([, l]) => l), ...bounds];
  const row = (name: string, o: OpSummary) => [
    name,
    { num: fmtInt(o.ops) },
    { num: fmtInt(o.opsPerSec.mean) },
    { num: fmtInt(o.opsPerSec.min) },
    { num: fmtInt(o.opsPerSec.max) },
    ...LATENCY_COLUMNS.map(([k]) => ({ num: o.ops > 0 ? fmtLatency(o.latency[k]) : '–' })),
    ...bucketRows(o.buckets).map((b) => ({ num: fmtPct(b.share) })),
  ];
  const rows = [...Object.entries(s.ops).map(([op, o]) => row(op, o)), ...(Object.keys(s.ops).length > 1 ? [row('all', s.total)] : [])];
  const failures = htmlTable(
    ['op', 'errors', 'timeouts', 'not found', 'unavailable'],
    [...Object.entries(s.ops), ['all', s.total] as const].map(([op, o]) => [
      op,
      { num: fmtInt(o.errors) },
      { num: fmtInt(o.timeouts) },
      { num: fmtInt(o.notFound) },
      { num: fmtInt(o.unavailable ?? 0) },
    ]),
  );
  return `${htmlTable(head, rows)}\n${failures}`;
}

/** Every setting of the scenario as a dotted path and its value (passwords are redacted in run files already). */
export function settingsTable(scenario: unknown): string {
  const rows: string[][] = [];
  const walk = (v: unknown, path: string): void => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
    } else rows.push([path, typeof v === 'string' ? v : JSON.stringify(v)]);
  };
  walk(scenario, '');
  return htmlTable(['setting', 'value'], rows, 2);
}

/** The machine and software the run ran on. */
export function environmentTable(env: RunEnvironment): string {
  const clients = Object.entries(env.clients).map(([k, v]) => `${k} ${v}`);
  return htmlTable(
    ['', ''],
    [
      ['machine', machineOf(env)],
      ['memory', `${(env.totalMemory / GIB).toFixed(1)} GiB`],
      ['workers', `Node ${env.workerNode} (${env.nodeBinary})`],
      ['kvscope', `${env.kvscope} on Node ${env.mainNode}`],
      ['clients', clients.length > 0 ? clients.join(', ') : 'none'],
    ],
    2,
  );
}

/**
 * Each node's seconds down, joining or leaving, with what its cluster said
 * at the start of each stretch; undefined for a run with no per-node series.
 */
export function nodeStatesTable(samples: readonly { second: number; nodes: readonly NodeSample[] }[]): string | undefined {
  const ids = new Set(samples.flatMap((s) => s.nodes.map((n) => n.id)));
  if (ids.size === 0) return undefined;
  const marks = appendNodeMarks([], samples);
  if (marks.length === 0) return `<p>${countOf(ids.size, 'node')}, up in every second.</p>`;
  const noteAt = (id: string, second: number) => samples.find((s) => s.second === second)?.nodes.find((n) => n.id === id)?.note ?? '';
  return htmlTable(
    ['node', 'state', 'seconds', 'why'],
    marks.map((m) => [m.id, m.state, m.to - m.from > 1 ? `${m.from}–${m.to - 1}` : String(m.from), noteAt(m.id, m.from)]),
    4,
  );
}
