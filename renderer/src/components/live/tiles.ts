import { nodeState } from '../../../../app/metrics/node-stats';
import type { Summary } from '../../../../app/metrics/summary';
import type { LiveSample } from '../../../../app/protocol/bridge';
import { WRITE_OPS, type TargetKind } from '../../../../app/scenario/targets';
import { fmtInt, NO_FIGURE, plainNumber } from '../../../../app/report/numbers';
import { latencyParts, MILLISECONDS } from '../../../../app/report/latency-format';
import { BYTES_PER_MIB, readWrite } from '../../chart-data/shape';

interface TileValue {
  id: 'ops' | 'reads' | 'writes' | 'errors' | 'unavailable' | 'p50' | 'p99' | 'memory' | 'nodes';
  label: string;
  /** Grouped digits, or NO_FIGURE before the first second (and for latencies when nothing succeeded). */
  value: string;
  unit: string;
  alert?: boolean;
}

/** The figures the tiles show, whichever state the run is in. */
interface Figures {
  ops?: number;
  reads?: number;
  writes?: number;
  errors?: number;
  unavailable?: number;
  /** Microseconds; absent when no operation succeeded (an empty histogram's 0 is no latency). */
  p50?: number;
  p99?: number;
  memoryBytes?: number;
  /** Nodes up (down ones aside), how many are down, and how many of those up are joining or leaving. */
  nodes?: number;
  nodesDown?: number;
  nodesMoving?: string;
}

const MIB_DECIMALS = 1;

const int = (n: number | undefined): string => (n === undefined ? NO_FIGURE : fmtInt(n));
/** In µs below a millisecond: a server-fast p50 of 40 µs is not "0.04". */
const latency = (us: number | undefined): { value: string; unit: string } =>
  us === undefined ? { value: NO_FIGURE, unit: MILLISECONDS } : latencyParts(us);

function tilesOf(f: Figures): TileValue[] {
  return [
    { id: 'ops', label: 'Total', value: int(f.ops), unit: 'ops/s' },
    { id: 'reads', label: 'Reads', value: int(f.reads), unit: '/s' },
    { id: 'writes', label: 'Writes', value: int(f.writes), unit: '/s' },
    { id: 'errors', label: 'Errors', value: int(f.errors), unit: '/s', alert: (f.errors ?? 0) > 0 },
    { id: 'unavailable', label: 'Unavailable', value: int(f.unavailable), unit: '/s', alert: (f.unavailable ?? 0) > 0 },
    { id: 'p50', label: 'p50', ...latency(f.p50) },
    { id: 'p99', label: 'p99', ...latency(f.p99) },
    {
      id: 'memory',
      label: 'Client memory',
      value: f.memoryBytes === undefined ? NO_FIGURE : plainNumber(f.memoryBytes / BYTES_PER_MIB, MIB_DECIMALS),
      unit: 'MiB',
    },
    {
      id: 'nodes',
      label: 'Nodes',
      value: int(f.nodes),
      unit:
        f.nodesDown || f.nodesMoving ? `up${f.nodesMoving ? ` (${f.nodesMoving})` : ''}${f.nodesDown ? `, ${f.nodesDown} down` : ''}` : '',
      alert: (f.nodesDown ?? 0) > 0,
    },
  ];
}

function nodeCounts(nodes: readonly { state?: string }[]): { nodes: number; nodesDown: number; nodesMoving?: string } {
  const n = { up: 0, down: 0, joining: 0, leaving: 0 };
  for (const node of nodes) n[nodeState(node)]++;
  const moving = (['joining', 'leaving'] as const).filter((st) => n[st] > 0).map((st) => `${n[st]} ${st}`);
  return { nodes: nodes.length - n.down, nodesDown: n.down, ...(moving.length ? { nodesMoving: moving.join(', ') } : {}) };
}

/** The headline numbers of the newest second. Ops are successful operations, as in the terminal's live line. */
export function tileValues(s: LiveSample | undefined, kind: TargetKind): TileValue[] {
  if (!s) return tilesOf({});
  const rw = readWrite(s, kind);
  const answered = s.totals.count > 0;
  return tilesOf({
    ops: s.totals.count,
    reads: rw.readsOk,
    writes: rw.writesOk,
    errors: s.totals.errors + s.totals.timeouts,
    unavailable: Object.values(s.ops).reduce((a, o) => a + (o.unavailable ?? 0), 0),
    p50: answered ? s.latency.p50 : undefined,
    p99: answered ? s.latency.p99 : undefined,
    memoryBytes: s.workers.reduce((a, w) => a + w.mem.rss, 0),
    ...nodeCounts(s.nodes),
  });
}

/**
 * The headline numbers of a run that has ended, from its summary, so they
 * agree with the Summary table under them: per-second means over the
 * measured seconds, the whole run's percentiles, the workers' peak memory.
 */
export function runTileValues(summary: Summary, kind: TargetKind, last: LiveSample | undefined): TileValue[] {
  const measured = summary.seconds > 0;
  const perSecond = (n: number): number | undefined => (measured ? n / summary.seconds : undefined);
  const writes = WRITE_OPS[kind];
  let reads = 0;
  let written = 0;
  for (const [op, o] of Object.entries(summary.ops)) {
    if (writes.includes(op)) written += o.opsPerSec.mean;
    else reads += o.opsPerSec.mean;
  }
  const answered = summary.total.ops > 0;
  const peaks = Object.values(summary.peakRss);
  return tilesOf({
    ops: measured ? summary.total.opsPerSec.mean : undefined,
    reads: measured ? reads : undefined,
    writes: measured ? written : undefined,
    errors: perSecond(summary.total.errors + summary.total.timeouts),
    unavailable: perSecond(summary.total.unavailable ?? 0),
    p50: answered ? summary.total.latency.p50 : undefined,
    p99: answered ? summary.total.latency.p99 : undefined,
    memoryBytes: peaks.length > 0 ? peaks.reduce((a, b) => a + b, 0) : undefined,
    ...(last ? nodeCounts(last.nodes) : {}),
  });
}
