import { boundLabel, bucketRows } from '../../metrics/latency-buckets';
import { LATENCY_COLUMNS } from '../../metrics/limits';
import type { OpSummary, Summary } from '../../metrics/summary';
import type { RunEnvironment } from '../../run/format';
import { fmtInt, fmtPct, fmtUsAsMs } from '../numbers';
import { machineOf } from '../report-head';
import { htmlTable } from './document';

const GIB = 1024 ** 3;

/** The summary table: a row per op type and one for all of them, as the UI and the CLI show it. */
export function summaryTable(s: Summary): string {
  const bounds = bucketRows(s.total.buckets).map((b) => boundLabel(b.boundMs));
  const head = ['op', 'ops', 'ops/s', 'min', 'max', ...LATENCY_COLUMNS.map(([, l]) => `${l} ms`), ...bounds];
  const row = (name: string, o: OpSummary) => [
    name,
    { num: fmtInt(o.ops) },
    { num: fmtInt(o.opsPerSec.mean) },
    { num: fmtInt(o.opsPerSec.min) },
    { num: fmtInt(o.opsPerSec.max) },
    ...LATENCY_COLUMNS.map(([k]) => ({ num: o.ops > 0 ? fmtUsAsMs(o.latency[k]) : '–' })),
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
