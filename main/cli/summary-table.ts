import { saturationNotes } from '../../app/report/saturation-text';
import { boundLabel, bucketRows } from '../../app/metrics/latency-buckets';
import type { Summary, OpSummary } from '../../app/metrics/summary';
import { cutShortNote } from '../../app/metrics/cut-short';
import type { RunHeader } from '../../app/run/format';
import { outcomeOf } from '../../app/metrics/outcome';
import { thresholdText } from '../../app/metrics/thresholds';
import { fmtBytes, fmtInt, fmtPct, fmtUsAsMs, MIB } from '../../app/report/numbers';
import { table } from './format';
import { describeKeyDistribution } from '../../app/scenario/key-distribution';
import { describeValueSizes } from '../../app/scenario/value-sizes';
import type { Scenario } from '../../app/scenario/schema';

/** How keys and value sizes were drawn, when not the plain uniform keys and one value size: '' for those. */
export function loadShape(s: Pick<Scenario, 'keyDistribution' | 'keySpace' | 'valueSize' | 'valueSizes'>): string {
  const parts: string[] = [];
  if (s.keyDistribution && s.keyDistribution.kind !== 'uniform')
    parts.push(`keys ${describeKeyDistribution(s.keyDistribution)} over ${fmtInt(s.keySpace)}`);
  if (s.valueSizes) parts.push(`values ${describeValueSizes(s.valueSize, s.valueSizes)}`);
  return parts.join('; ');
}

/** The final report: one row per op type and one for all of them together. */
export function summaryTable(s: Summary, header?: RunHeader): string {
  const out: string[] = [];
  const name = header ? `${header.scenario.name} (${header.scenario.target.kind})` : 'run';
  const outcome = outcomeOf(s);
  out.push(
    `${name}: ${outcome.kind}, ${s.seconds} s measured after ${s.warmup.seconds} s warm-up (${fmtInt(s.warmup.ops)} warm-up ops kept apart)`,
  );
  if (outcome.reason) out.push(`why: ${outcome.reason}`);
  const shape = header && loadShape(header.scenario);
  if (shape) out.push(`load: ${shape}`);
  if (s.thresholds?.length)
    out.push(`thresholds: ${s.thresholds.map((t) => `${t.passed ? 'pass' : 'MISS'} ${thresholdText(t)}`).join('; ')}`);
  const cut = cutShortNote(s);
  if (cut) out.push(`note: ${cut}`);
  const rows: string[][] = [
    [
      'op',
      'ops',
      'ops/s',
      'median',
      'min',
      'max',
      'p50 ms',
      'p90',
      'p99',
      'p99.9',
      'max',
      // Plain ASCII in a terminal table: "<=50us", "<=200ms".
      ...bucketRows(s.total.buckets).map((b) => boundLabel(b.boundMs).replace('≤ ', '<=').replace(' ', '').replace('µ', 'u')),
      'not found',
      'errors',
      'timeouts',
      'unavail.',
    ],
  ];
  const row = (label: string, o: OpSummary): string[] => [
    label,
    fmtInt(o.ops),
    fmtInt(o.opsPerSec.mean),
    fmtInt(o.opsPerSec.median),
    fmtInt(o.opsPerSec.min),
    fmtInt(o.opsPerSec.max),
    fmtUsAsMs(o.latency.p50),
    fmtUsAsMs(o.latency.p90),
    fmtUsAsMs(o.latency.p99),
    fmtUsAsMs(o.latency.p999),
    fmtUsAsMs(o.latency.max),
    ...bucketRows(o.buckets).map((b) => fmtPct(b.share)),
    fmtInt(o.notFound),
    fmtInt(o.errors),
    fmtInt(o.timeouts),
    fmtInt(o.unavailable ?? 0),
  ];
  for (const [op, o] of Object.entries(s.ops)) rows.push(row(op, o));
  if (Object.keys(s.ops).length > 1) rows.push(row('all', s.total));
  out.push(table(rows));
  if (s.bytesInPerSec > 0)
    out.push(`received ${(s.bytesInPerSec / MIB).toFixed(2)} MiB/s, sent ${(s.bytesOutPerSec / MIB).toFixed(2)} MiB/s`);
  const peaks = Object.entries(s.peakRss).map(([w, b]) => `w${w} ${fmtBytes(b)}`);
  if (peaks.length) out.push(`peak RSS: ${peaks.join(', ')}`);
  // A terminal table stays plain ASCII.
  for (const note of saturationNotes(s)) out.push(`warning: ${note.replaceAll('\u2019', "'")}`);
  if (header) {
    const clients = Object.entries(header.env.clients ?? {}).map(([pkg, v]) => `${pkg} ${v}; `);
    out.push(
      `workers on node ${header.env.workerNode} (${header.env.nodeBinary}); ${clients.join('')}${header.env.cpus} CPUs, ${header.env.host}`,
    );
  }
  return out.join('\n');
}
