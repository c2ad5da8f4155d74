import { nodeState, nodeTotals } from '../metrics/node-stats';
import { serverLatency } from '../metrics/server-latency';
import type { RunFile } from '../run/format';
import { csv, type Field } from './csv';
import { MIB, US_PER_MS } from './numbers';

/**
 * One run's per-node view, one row per node per second (warm-up included
 * and marked): its state and what its cluster said, its own counts per
 * second, its own time per operation (empty where it timed nothing) and
 * memory. Text from servers (notes, names) stays text (see csv.ts).
 */
export function runNodesCsv(run: RunFile): string {
  const rows: Field[][] = [
    [
      'second',
      'phase',
      'node',
      'address',
      'state',
      'note',
      'reads_per_s',
      'writes_per_s',
      'errors_per_s',
      'server_mean_ms',
      'server_p99_ms',
      'memory_mib',
      'rss_mib',
    ],
  ];
  for (const s of run.samples) {
    for (const n of s.nodes) {
      const t = nodeTotals(n.rates);
      const l = serverLatency(n.rates);
      const ms = (us: number | undefined) => (us === undefined ? undefined : us / US_PER_MS);
      const mib = (bytes: number | undefined) => (bytes === undefined ? undefined : bytes / MIB);
      rows.push([
        s.second,
        s.phase,
        n.id,
        n.address,
        nodeState(n),
        n.note,
        t.reads,
        t.writes,
        t.errors,
        ms(l?.mean),
        ms(l?.p99),
        mib(n.memory),
        mib(n.rss),
      ]);
    }
  }
  return csv(rows);
}
