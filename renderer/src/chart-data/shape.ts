import type { LiveSample } from '../../../app/protocol/bridge';
import { WRITE_OPS, type TargetKind } from '../../../app/scenario/targets';
import type { Row } from './row';
import { placeRows } from '../../../app/metrics/places';
import { serverLatency } from '../../../app/metrics/server-latency';
import { US_PER_MS } from '../../../app/report/numbers';

export { US_PER_MS };
export const BYTES_PER_MIB = 1024 * 1024;

interface ReadWrite {
  readsOk: number;
  readsFailed: number;
  writesOk: number;
  writesFailed: number;
}

/** Client-side reads and writes of one second. An answered not-found is a successful read; errors and timeouts failed. */
export function readWrite(s: LiveSample, kind: TargetKind): ReadWrite {
  const writes = WRITE_OPS[kind];
  const rw: ReadWrite = { readsOk: 0, readsFailed: 0, writesOk: 0, writesFailed: 0 };
  for (const op in s.ops) {
    const o = s.ops[op];
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
  const rw = readWrite(s, kind);
  return { t: s.second, readsOk: rw.readsOk, readsFailed: rw.readsFailed, writesOk: rw.writesOk, writesFailed: rw.writesFailed };
}

/** Server-side node rates (`read.success`, `write.timeout`, ...) split into success and failed. */
export function nodeReadWrite(rates: Readonly<Record<string, number>>): ReadWrite {
  const rw: ReadWrite = { readsOk: 0, readsFailed: 0, writesOk: 0, writesFailed: 0 };
  // Tests on the key instead of splitting it: this runs for every counter of every node of every second.
  for (const k in rates) {
    const v = rates[k];
    const failed = k.endsWith('.error') || k.endsWith('.timeout');
    if (k.startsWith('read.')) rw[failed ? 'readsFailed' : 'readsOk'] += v;
    else if (k.startsWith('write.')) rw[failed ? 'writesFailed' : 'writesOk'] += v;
  }
  return rw;
}

/** A node's throughput lines, and its own (server-side) latency: mean, p50 and p99 of every operation it timed. */
type NodeSeries = 'reads' | 'writes' | 'failed' | 'srvMean' | 'srvP50' | 'srvP99' | 'mem' | 'rss';
export const nodeKey = (id: string, what: NodeSeries): string => `node:${id}:${what}`;

/**
 * Row keys made once per id and kept with the rows they name: a key built
 * anew for every second is a fresh string V8 must look up before it can use
 * it as a property name, the costliest part of shaping a replayed hour
 * (bench:ui). Ids are a run's nodes and workers, so these stay small, and a
 * new run's rows start a new set.
 */
export class RowKeys {
  private readonly nodes = new Map<string, Record<NodeSeries, string>>();
  private readonly workers = new Map<number, string>();
  private readonly places = new Map<string, Record<PlaceMetric, string>>();

  node(id: string): Record<NodeSeries, string> {
    let keys = this.nodes.get(id);
    if (!keys) {
      keys = { reads: '', writes: '', failed: '', srvMean: '', srvP50: '', srvP99: '', mem: '', rss: '' };
      for (const k of Object.keys(keys) as NodeSeries[]) keys[k] = nodeKey(id, k);
      this.nodes.set(id, keys);
    }
    return keys;
  }

  place(name: string): Record<PlaceMetric, string> {
    let keys = this.places.get(name);
    if (!keys)
      this.places.set(
        name,
        (keys = { ops: placeKey(name, 'ops'), cpu: placeKey(name, 'cpu'), elu: placeKey(name, 'elu'), rss: placeKey(name, 'rss') }),
      );
    return keys;
  }

  worker(id: number): string {
    let key = this.workers.get(id);
    if (key === undefined) this.workers.set(id, (key = workerKey(id)));
    return key;
  }
}

/** Per-node throughput of one second: each node's successful reads and writes and its failures. */
export function nodeRow(s: LiveSample, keys = new RowKeys()): Row {
  const row: Row = { t: s.second };
  for (const n of s.nodes) {
    const rw = nodeReadWrite(n.rates);
    const k = keys.node(n.id);
    row[k.reads] = rw.readsOk;
    row[k.writes] = rw.writesOk;
    row[k.failed] = rw.readsFailed + rw.writesFailed;
  }
  return row;
}

/**
 * Latency of one second in milliseconds: the client's p50, p95, p99 and
 * slowest of every op together, and each node's own time (server side) where
 * the node reports it.
 */
export function latencyRow(s: LiveSample, keys = new RowKeys()): Row {
  const row: Row = {
    t: s.second,
    p50: s.latency.p50 / US_PER_MS,
    p95: s.latency.p95 / US_PER_MS,
    p99: s.latency.p99 / US_PER_MS,
    max: s.latency.max / US_PER_MS,
  };
  for (const n of s.nodes) {
    const server = serverLatency(n.rates);
    if (!server) continue;
    const k = keys.node(n.id);
    if (server.mean !== undefined) row[k.srvMean] = server.mean / US_PER_MS;
    if (server.p50 !== undefined) row[k.srvP50] = server.p50 / US_PER_MS;
    if (server.p99 !== undefined) row[k.srvP99] = server.p99 / US_PER_MS;
  }
  return row;
}

export const workerKey = (id: number): string => `w${id}`;

/** Resident memory of each load worker in one second, and each node's memory where it reports it, in MiB. */
export function memoryRow(s: LiveSample, keys = new RowKeys()): Row {
  const row: Row = { t: s.second };
  for (const w of s.workers) row[keys.worker(w.id)] = w.mem.rss / BYTES_PER_MIB;
  for (const n of s.nodes) {
    if (n.memory === undefined && n.rss === undefined) continue;
    const k = keys.node(n.id);
    if (n.memory !== undefined) row[k.mem] = n.memory / BYTES_PER_MIB;
    if (n.rss !== undefined) row[k.rss] = n.rss / BYTES_PER_MIB;
  }
  return row;
}

/** What the per-load-generator chart can show: ops/s, CPU and busiest event loop in % (of one core), RSS in MiB. */
export type PlaceMetric = 'ops' | 'cpu' | 'elu' | 'rss';
export const placeKey = (name: string, metric: PlaceMetric): string => `place:${metric}:${name}`;
const PERCENT = 100;

/**
 * Each load generator's second (this machine and each agent), for a run
 * placed on agents: its workers' operations, CPU and RSS added up, its
 * busiest event loop; a run all here has no such series.
 */
export function placeRow(s: LiveSample, keys = new RowKeys()): Row {
  const row: Row = { t: s.second };
  if (!s.workers.some((w) => w.place !== undefined)) return row;
  for (const p of placeRows(s.workers)) {
    const k = keys.place(p.place);
    row[k.ops] = p.ops;
    row[k.cpu] = p.cpu * PERCENT;
    row[k.elu] = p.eluMax * PERCENT;
    row[k.rss] = p.rss / BYTES_PER_MIB;
  }
  return row;
}

/** Whether any row has a non-zero value for `key` (a failure series with nothing in it is left out). */
export const anyNonZero = (rows: readonly Row[], key: string): boolean => rows.some((r) => (r[key] ?? 0) > 0);
