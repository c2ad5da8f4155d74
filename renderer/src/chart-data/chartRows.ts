import type { LiveSample } from '../../../app/protocol/bridge';
import type { TargetKind } from '../../../app/scenario/targets';
import { firstAtOrAfter } from '../../../app/stats/search';
import { clusterRow, latencyRow, memoryRow, nodeRow, placeRow, RowKeys } from './shape';
import { LOCAL_PLACE } from '../../../app/metrics/places';
import { appendCapped } from './buffer';
import type { Row } from './row';

/**
 * What the Live charts keep of a run: every second shaped into one row per
 * chart when it arrives, and the sample itself dropped. A full sample is
 * some sixty objects (ops, percentiles, workers, nodes); an hour of them kept
 * the heap at ~12 MiB and every major GC walked it, in the middle of an
 * update (bench:ui). Four flat rows a second are a fraction of that, and no
 * redraw has to reshape or look anything up.
 *
 * The four arrays are parallel: index i of each is the same second.
 */
export interface ChartRows {
  cluster: Row[];
  nodes: Row[];
  latency: Row[];
  memory: Row[];
  /** Operations per load generator, for a run placed on agents. */
  places: Row[];
  /** The newest second each node, worker and load generator reported: names a window's series without scanning its rows. */
  nodeSeen: Readonly<Record<string, number>>;
  workerSeen: Readonly<Record<string, number>>;
  placeSeen: Readonly<Record<string, number>>;
  /** The row keys of this run's nodes and workers, made once each. */
  keys: RowKeys;
}

export function emptyChartRows(): ChartRows {
  return { cluster: [], nodes: [], latency: [], memory: [], places: [], nodeSeen: {}, workerSeen: {}, placeSeen: {}, keys: new RowKeys() };
}

/** Shape `samples` (newer than any held, in second order) and append them, keeping the newest `cap` seconds. */
export function appendRows(rows: ChartRows, samples: readonly LiveSample[], kind: TargetKind, cap: number): ChartRows {
  if (samples.length === 0) return rows;
  const nodeSeen = { ...rows.nodeSeen };
  const workerSeen = { ...rows.workerSeen };
  const placeSeen = { ...rows.placeSeen };
  const places: Row[] = [];
  const cluster: Row[] = [];
  const nodes: Row[] = [];
  const latency: Row[] = [];
  const memory: Row[] = [];
  for (const s of samples) {
    cluster.push(clusterRow(s, kind));
    nodes.push(nodeRow(s, rows.keys));
    latency.push(latencyRow(s, rows.keys));
    memory.push(memoryRow(s, rows.keys));
    places.push(placeRow(s, rows.keys));
    if (s.workers.some((w) => w.place !== undefined)) for (const w of s.workers) placeSeen[w.place ?? LOCAL_PLACE] = s.second;
    for (const n of s.nodes) nodeSeen[n.id] = s.second;
    for (const w of s.workers) workerSeen[w.id] = s.second;
  }
  return {
    cluster: appendCapped(rows.cluster, cluster, cap),
    nodes: appendCapped(rows.nodes, nodes, cap),
    latency: appendCapped(rows.latency, latency, cap),
    memory: appendCapped(rows.memory, memory, cap),
    places: appendCapped(rows.places, places, cap),
    nodeSeen,
    workerSeen,
    placeSeen,
    keys: rows.keys,
  };
}

/** The newest second held, if any. */
function lastSecond(rows: ChartRows): number | undefined {
  return rows.cluster.length > 0 ? rows.cluster[rows.cluster.length - 1].t : undefined;
}

/** The rows of one chart window, and the first second it starts at. */
export interface WindowRows {
  cluster: readonly Row[];
  nodes: readonly Row[];
  latency: readonly Row[];
  memory: readonly Row[];
  places: readonly Row[];
  /** Node ids, worker ids and load generators that reported inside the window, in the order they sort. */
  nodeIds: string[];
  workerIds: number[];
  placeNames: string[];
}

/**
 * The last `seconds` run seconds (all held for null). Counts seconds, not
 * rows, so a gap in the stream does not stretch the window.
 */
export function inWindow(rows: ChartRows, seconds: number | null): WindowRows {
  const last = lastSecond(rows);
  const from = seconds === null || last === undefined ? (rows.cluster[0]?.t ?? 0) : last - seconds + 1;
  const i = firstRowAt(rows.cluster, from);
  const cut = (xs: Row[]): readonly Row[] => (i === 0 ? xs : xs.slice(i));
  const held = rows.cluster[i]?.t ?? from;
  return {
    cluster: cut(rows.cluster),
    nodes: cut(rows.nodes),
    latency: cut(rows.latency),
    memory: cut(rows.memory),
    places: cut(rows.places),
    placeNames: seenSince(rows.placeSeen, held).sort((a, b) => (a === LOCAL_PLACE ? -1 : b === LOCAL_PLACE ? 1 : a.localeCompare(b))),
    nodeIds: seenSince(rows.nodeSeen, held).sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
    workerIds: seenSince(rows.workerSeen, held)
      .map(Number)
      .sort((a, b) => a - b),
  };
}

/** Whether any second held has per-node statistics from the target. */
export function hasNodes(rows: ChartRows): boolean {
  const first = rows.cluster[0]?.t;
  return first !== undefined && seenSince(rows.nodeSeen, first).length > 0;
}

const seenSince = (seen: Readonly<Record<string, number>>, from: number): string[] => Object.keys(seen).filter((k) => seen[k] >= from);

const secondOf = (r: Row): number => r.t;

/** Index of the first row at or after second `t` (rows.length if none): rows are in second order. */
export const firstRowAt = (rows: readonly Row[], t: number): number => firstAtOrAfter(rows, secondOf, t);
