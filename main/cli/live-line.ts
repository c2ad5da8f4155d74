import type { Sample } from '../../app/metrics/sample';
import { saturation, type SaturationLimit } from '../../app/metrics/limits';
import { nodeState } from '../../app/metrics/node-stats';
import { runSeconds, type Scenario } from '../../app/scenario/schema';
import { fmtBytes, fmtInt, MIB, fmtGaugePct } from '../../app/report/numbers';
import { fmtLatencyAscii } from '../../app/report/latency-format';

const BAR_WIDTH = 20;
/** "1000 ms" and "48 us" line up second after second. */
const LATENCY_WIDTH = 9;

/** Which side the saturation rule found limiting the second (app/metrics/limits.ts). */
const LIMIT_MARK: Record<SaturationLimit, string> = {
  client: 'CLIENT SATURATED',
  'load-box': 'CLIENT SATURATED (load box CPU)',
  'shared-machine': 'MACHINE SATURATED (shared with the target)',
};

/** One terminal line per merged second: phase, progress, throughput, latency, errors, memory. */
export function liveLine(s: Sample, sc: Scenario): string {
  const total = sc.warmupSeconds + runSeconds(sc);
  const done = Math.min(total, s.second + 1);
  const filled = Math.round((done / total) * BAR_WIDTH);
  const bar = '#'.repeat(filled) + '.'.repeat(BAR_WIDTH - filled);
  const phase = s.phase === 'warmup' ? 'warm-up' : 'run';
  const rss = s.workers.reduce((a, w) => a + w.mem.rss, 0);
  const maxElu = Math.max(0, ...s.workers.map((w) => w.elu));
  const maxCpu = Math.max(0, ...s.workers.map((w) => w.cpu ?? 0));
  const parts = [
    `${String(s.second + 1).padStart(4)}s ${phase.padEnd(7)} [${bar}] ${String(done).padStart(3)}/${total}s`,
    `${fmtInt(s.totals.count).padStart(9)} ops/s`,
    `p50 ${fmtLatencyAscii(s.latency.p50).padStart(LATENCY_WIDTH)}`,
    `p99 ${fmtLatencyAscii(s.latency.p99).padStart(LATENCY_WIDTH)}`,
    `err/s ${fmtInt(s.totals.errors + s.totals.timeouts)}`,
  ];
  // Operations that found no connection: a server that is down shows here, not as latency.
  const unavailable = Object.values(s.ops).reduce((a, o) => a + (o.unavailable ?? 0), 0);
  if (unavailable > 0) parts.push(`unavailable/s ${fmtInt(unavailable)}`);
  // Nodes not up, by name: the cluster changing under the load is part of what this second measured.
  const moving = s.nodes.filter((n) => nodeState(n) !== 'up').map((n) => `${n.id} ${nodeState(n)}`);
  if (moving.length > 0) parts.push(`nodes: ${moving.join(', ')}`);
  if (sc.target.kind === 'builtin-file') parts.push(`${(s.bytesIn / MIB).toFixed(1)} MiB/s`);
  parts.push(`rss ${fmtBytes(rss)}`, `elu ${fmtGaugePct(maxElu)}`, `cpu ${fmtGaugePct(maxCpu)}`);
  // The target's own processes on this machine, beside the workers' CPU: the side a full machine gave its cores to.
  const servers = s.machine?.servers ?? [];
  if (servers.length > 0) parts.push(`target cpu ${servers.map((p) => fmtGaugePct(p.cpu)).join(' ')}`);
  const limit = saturation(s).limit;
  if (limit !== undefined) parts.push(LIMIT_MARK[limit]);
  return parts.join('  ');
}
