import { MILLISECONDS } from '../../../app/report/latency-format';
import type { Reduce, Row } from '../chart-data/row';
import { anyNonZero, nodeKey, placeKey, workerKey, type PlaceMetric } from '../chart-data/shape';

/** A chart described as data; Chart.tsx draws any of them. */
type ChartKind = 'line' | 'area' | 'stackedArea';

export interface SeriesSpec {
  key: string;
  label: string;
  color: string;
  unit: string;
  /** How seconds merge when a long run is thinned for display (default mean). */
  reduce?: Reduce;
  /** Tells apart lines that share a color (a node's reads, writes and failures). */
  stroke?: 'solid' | 'dashed' | 'dotted';
  /** An earlier step of a sweep or repeat: a light line, never stacked or filled. */
  faded?: boolean;
}

export interface ChartSpec {
  title: string;
  series: SeriesSpec[];
  yUnit: string;
  kind: ChartKind;
  /** 'log' when lines a thousand times apart must both be read (a server's µs beside a client's ms); linear from 0 otherwise. */
  scale?: 'log';
}

/** Colors that stay apart for the color-blind; failures are always the warm ones. */
const COLORS = {
  readOk: '#2563eb',
  readFailed: '#f59e0b',
  writeOk: '#0d9488',
  writeFailed: '#dc2626',
  p50: '#2563eb',
  p95: '#7c3aed',
  p99: '#db2777',
  // Slate and dashed: the slowest operation must not hide p99 under it, nor look like a failure.
  max: '#475569',
} as const;

/** Nodes and workers cycle through these. */
export const PALETTE = ['#2563eb', '#0d9488', '#7c3aed', '#ea580c', '#db2777', '#65a30d', '#0891b2', '#9333ea', '#ca8a04', '#475569'];
const paletteColor = (i: number): string => PALETTE[i % PALETTE.length];

const OPS = 'ops/s';

/** Stacked, so the top edge is the cluster's total. */
export const CLUSTER_THROUGHPUT: ChartSpec = {
  title: 'Cluster throughput',
  kind: 'stackedArea',
  yUnit: OPS,
  series: [
    { key: 'readsOk', label: 'Reads', color: COLORS.readOk, unit: OPS },
    { key: 'readsFailed', label: 'Reads failed', color: COLORS.readFailed, unit: OPS },
    { key: 'writesOk', label: 'Writes', color: COLORS.writeOk, unit: OPS },
    { key: 'writesFailed', label: 'Writes failed', color: COLORS.writeFailed, unit: OPS },
  ],
};

/** Slate, dotted and faded: an earlier step must not pass for one of this run's series. */
const EARLIER_COLOR = '#64748b';

/** A chart with one faded line per earlier step of the sweep or repeat on screen (their totals). */
export function withEarlierSeries(spec: ChartSpec, earlier: readonly { key: string; label: string }[]): ChartSpec {
  if (earlier.length === 0) return spec;
  const lines = earlier.map((e): SeriesSpec => ({
    key: e.key,
    label: `${e.label} (earlier step, total)`,
    color: EARLIER_COLOR,
    unit: spec.yUnit,
    stroke: 'dotted',
    faded: true,
  }));
  return { ...spec, series: [...spec.series, ...lines] };
}

/** One line per node for reads and writes; a node's failure line only when it had failures in view. */
export function nodeThroughputSpec(ids: readonly string[], rows: readonly Row[]): ChartSpec {
  const series: SeriesSpec[] = [];
  ids.forEach((id, i) => {
    const color = paletteColor(i);
    series.push({ key: nodeKey(id, 'reads'), label: `${id} reads`, color, unit: OPS });
    series.push({ key: nodeKey(id, 'writes'), label: `${id} writes`, color, unit: OPS, stroke: 'dashed' });
    const failed = nodeKey(id, 'failed');
    if (anyNonZero(rows, failed)) series.push({ key: failed, label: `${id} failed`, color, unit: OPS, stroke: 'dotted' });
  });
  return { title: 'Throughput per node (server side)', kind: 'line', yUnit: OPS, series };
}

/** Latency lines keep their peaks when thinned: a spike is the thing to see. */
export const LATENCY: ChartSpec = {
  title: 'Latency',
  kind: 'line',
  yUnit: MILLISECONDS,
  series: (['p50', 'p95', 'p99', 'max'] as const).map((k) => ({
    key: k,
    label: k,
    color: COLORS[k],
    unit: MILLISECONDS,
    reduce: 'max',
    ...(k === 'max' ? { stroke: 'dashed' as const } : {}),
  })),
};

/** Whose latency the Latency chart draws: the client's (every op as kvscope timed it), each node's own, or both. */
export type LatencySource = 'client' | 'server' | 'both';

/**
 * The Latency chart for a source. A node's server lines are drawn only where
 * it reported them in view: p99 and p50 from its histogram (bucket upper
 * bounds), else its mean; beside the client's lines only its p99 (or mean),
 * on a log scale: a few µs under a client max of hundreds of ms would lie
 * flat on the bottom of a linear one.
 */
export function latencySpec(source: LatencySource, nodeIds: readonly string[], rows: readonly Row[]): ChartSpec {
  if (source === 'client') return LATENCY;
  const series: SeriesSpec[] = source === 'both' ? [...LATENCY.series] : [];
  nodeIds.forEach((id, i) => {
    const color = paletteColor(i);
    const line = (what: 'srvP99' | 'srvP50' | 'srvMean', label: string, stroke: SeriesSpec['stroke']) =>
      series.push({ key: nodeKey(id, what), label: `${id} server ${label}`, color, unit: MILLISECONDS, reduce: 'max', stroke });
    const p99 = anyNonZero(rows, nodeKey(id, 'srvP99'));
    if (p99) line('srvP99', 'p99', source === 'both' ? 'dashed' : 'solid');
    if (p99 && source === 'server' && anyNonZero(rows, nodeKey(id, 'srvP50'))) line('srvP50', 'p50', 'dotted');
    if (!p99 && anyNonZero(rows, nodeKey(id, 'srvMean'))) line('srvMean', 'mean', source === 'both' ? 'dashed' : 'solid');
  });
  return {
    title: source === 'both' ? 'Latency (client, and server per node)' : 'Latency (server side, per node)',
    kind: 'line',
    yUnit: MILLISECONDS,
    series,
    ...(source === 'both' ? { scale: 'log' as const } : {}),
  };
}

/** The per-load-generator chart's choices: title, unit and how thinning keeps each. */
export const PLACE_METRICS: Record<PlaceMetric, { label: string; title: string; unit: string; reduce: Reduce }> = {
  ops: { label: 'Ops/s', title: 'Throughput per load generator (client side)', unit: OPS, reduce: 'mean' },
  cpu: { label: 'CPU', title: 'CPU per load generator (% of one core, all its workers)', unit: '%', reduce: 'max' },
  elu: { label: 'Event loop', title: 'Busiest event loop per load generator', unit: '%', reduce: 'max' },
  rss: { label: 'RSS', title: 'Client memory per load generator (RSS, all its workers)', unit: 'MiB', reduce: 'max' },
};

/** One line per load generator of a placed run (this machine and each agent) for one metric. */
export function placeSpec(names: readonly string[], metric: PlaceMetric): ChartSpec {
  const m = PLACE_METRICS[metric];
  return {
    title: m.title,
    kind: 'line',
    yUnit: m.unit,
    series: names.map((name, i) => ({ key: placeKey(name, metric), label: name, color: paletteColor(i), unit: m.unit, reduce: m.reduce })),
  };
}

/** Each node's own memory: the data it holds (solid) and its process's RSS (dashed), where it reports them in view. */
export function serverMemorySpec(nodeIds: readonly string[], rows: readonly Row[]): ChartSpec {
  const series: SeriesSpec[] = [];
  nodeIds.forEach((id, i) => {
    const color = paletteColor(i);
    if (anyNonZero(rows, nodeKey(id, 'mem')))
      series.push({ key: nodeKey(id, 'mem'), label: `${id} data`, color, unit: 'MiB', reduce: 'max' });
    if (anyNonZero(rows, nodeKey(id, 'rss')))
      series.push({ key: nodeKey(id, 'rss'), label: `${id} RSS`, color, unit: 'MiB', reduce: 'max', stroke: 'dashed' });
  });
  return { title: 'Server memory (per node)', kind: 'line', yUnit: 'MiB', series };
}

export function memorySpec(ids: readonly number[]): ChartSpec {
  return {
    title: 'Client memory (RSS per worker)',
    kind: 'line',
    yUnit: 'MiB',
    series: ids.map((id, i) => ({ key: workerKey(id), label: `worker ${id}`, color: paletteColor(i), unit: 'MiB', reduce: 'max' })),
  };
}
