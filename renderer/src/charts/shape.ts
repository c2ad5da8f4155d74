import type { LiveSample } from '../../../app/protocol/bridge';
import { WRITE_OPS, type TargetKind } from '../../../app/scenario/targets';
import type { Row } from '../store/downsample';

export const US_PER_MS = 1000;
export const BYTES_PER_MIB = 1024 * 1024;

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

/** Cluster throughput of one second: reads and writes, success and failed. */
export function clusterRow(s: LiveSample, kind: TargetKind): Row {
  return { t: s.second, ...readWrite(s, kind) };
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

export const nodeKey = (id: string, what: 'reads' | 'writes' | 'failed'): string => `node:${id}:${what}`;

/** Per-node throughput of one second: each node's successful reads and writes and its failures. */
export function nodeRow(s: LiveSample): Row {
  const row: Row = { t: s.second };
  for (const n of s.nodes) {
    const rw = nodeReadWrite(n.rates);
    row[nodeKey(n.id, 'reads')] = rw.readsOk;
    row[nodeKey(n.id, 'writes')] = rw.writesOk;
    row[nodeKey(n.id, 'failed')] = rw.readsFailed + rw.writesFailed;
  }
  return row;
}

/** Latency of every op together in one second, in milliseconds: p50, p95, p99 and the slowest. */
export function latencyRow(s: LiveSample): Row {
  return { t: s.second, p50: s.latency.p50 / US_PER_MS, p95: s.latency.p95 / US_PER_MS, p99: s.latency.p99 / US_PER_MS, max: s.latency.max / US_PER_MS };
}

export const workerKey = (id: number): string => `w${id}`;

/** Resident memory of each load worker in one second, in MiB. */
export function memoryRow(s: LiveSample): Row {
  const row: Row = { t: s.second };
  for (const w of s.workers) row[workerKey(w.id)] = w.mem.rss / BYTES_PER_MIB;
  return row;
}

/** Whether any row has a non-zero value for `key` (a failure series with nothing in it is left out). */
export const anyNonZero = (rows: readonly Row[], key: string): boolean => rows.some((r) => (r[key] ?? 0) > 0);
