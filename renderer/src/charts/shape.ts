import type { LiveSample } from '../../../app/protocol/bridge';
import { WRITE_OPS, type TargetKind } from '../../../app/scenario/targets';
import type { Row } from '../store/downsample';
import { perSample } from './rowCache';

export const US_PER_MS = 1000;
export const BYTES_PER_MIB = 1024 * 1024;

/** The samples of the last `seconds` run seconds (all of them for null). Samples are in second order. */
export function inWindow(samples: readonly LiveSample[], seconds: number | null): readonly LiveSample[] {
  if (seconds === null || samples.length === 0) return samples;
  const from = samples[samples.length - 1].second - seconds + 1;
  let i = samples.length;
  while (i > 0 && samples[i - 1].second >= from) i--;
  return samples.slice(i);
}

export interface ReadWrite {
  readsOk: number;
  readsFailed: number;
  writesOk: number;
  writesFailed: number;
}

/** Client-side reads and writes of one second. An answered not-found is a successful read; errors and timeouts failed. */
export function readWrite(s: LiveSample, kind: TargetKind): ReadWrite {
  const writes = WRITE_OPS[kind];
  const rw: ReadWrite = { readsOk: 0, readsFailed: 0, writesOk: 0, writesFailed: 0 };
  for (const [op, o] of Object.entries(s.ops)) {
    const failed = o.errors + o.timeouts;
    if (writes.includes(op)) {
      rw.writesOk += o.count;
      rw.writesFailed += failed;
    } else {
      rw.readsOk += o.count;
      rw.readsFailed += failed;
    }
  }
  return rw;
}

const clusterShapers = new Map<TargetKind, (samples: readonly LiveSample[]) => Row[]>();

/** Cluster throughput, one row per second: reads and writes, success and failed. */
export function clusterThroughputRows(samples: readonly LiveSample[], kind: TargetKind): Row[] {
  let shape = clusterShapers.get(kind);
  if (!shape) {
    shape = perSample((s) => ({ t: s.second, ...readWrite(s, kind) }));
    clusterShapers.set(kind, shape);
  }
  return shape(samples);
}

/** Server-side node rates (`read.success`, `write.timeout`, ...) split into success and failed. */
export function nodeReadWrite(rates: Readonly<Record<string, number>>): ReadWrite {
  const rw: ReadWrite = { readsOk: 0, readsFailed: 0, writesOk: 0, writesFailed: 0 };
  for (const [k, v] of Object.entries(rates)) {
    const [kind, outcome] = k.split('.');
    const failed = outcome === 'error' || outcome === 'timeout';
    if (kind === 'read') rw[failed ? 'readsFailed' : 'readsOk'] += v;
    else if (kind === 'write') rw[failed ? 'writesFailed' : 'writesOk'] += v;
  }
  return rw;
}

/** Node ids in the order they sort, over every sample (a node may join late). */
export function nodeIds(samples: readonly LiveSample[]): string[] {
  const ids = new Set<string>();
  // Index loops: this runs over the whole window each second, and for-of allocates an iterator per sample.
  for (let i = 0; i < samples.length; i++) {
    const nodes = samples[i].nodes;
    for (let j = 0; j < nodes.length; j++) ids.add(nodes[j].id);
  }
  return [...ids].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}

export const nodeKey = (id: string, what: 'reads' | 'writes' | 'failed'): string => `node:${id}:${what}`;

/** Per-node throughput, one row per second: each node's successful reads and writes and its failures. */
export const nodeThroughputRows = perSample((s) => {
  const row: Row = { t: s.second };
  for (const n of s.nodes) {
    const rw = nodeReadWrite(n.rates);
    row[nodeKey(n.id, 'reads')] = rw.readsOk;
    row[nodeKey(n.id, 'writes')] = rw.writesOk;
    row[nodeKey(n.id, 'failed')] = rw.readsFailed + rw.writesFailed;
  }
  return row;
});

/** Latency of every op together, in milliseconds: p50, p95, p99 and the slowest. */
export const latencyRows = perSample((s) => ({
  t: s.second,
  p50: s.latency.p50 / US_PER_MS,
  p95: s.latency.p95 / US_PER_MS,
  p99: s.latency.p99 / US_PER_MS,
  max: s.latency.max / US_PER_MS,
}));

export const workerKey = (id: number): string => `w${id}`;

export function workerIds(samples: readonly LiveSample[]): number[] {
  const ids = new Set<number>();
  // Index loops, as in nodeIds.
  for (let i = 0; i < samples.length; i++) {
    const workers = samples[i].workers;
    for (let j = 0; j < workers.length; j++) ids.add(workers[j].id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Resident memory of each load worker, in MiB. */
export const memoryRows = perSample((s) => {
  const row: Row = { t: s.second };
  for (const w of s.workers) row[workerKey(w.id)] = w.mem.rss / BYTES_PER_MIB;
  return row;
});

/** Whether any row has a non-zero value for `key` (a failure series with nothing in it is left out). */
export const anyNonZero = (rows: readonly Row[], key: string): boolean => rows.some((r) => (r[key] ?? 0) > 0);
