import { describe, expect, it } from 'vitest';
import type { LiveSample } from '../../app/protocol/bridge';
import { bucketsFromLatency, bucketsFromSummary, liveBounds } from '../../renderer/src/chart-data/buckets';
import { fitBounds } from '../../app/metrics/latency-buckets';
import {
  clusterRow,
  latencyRow,
  memoryRow,
  nodeKey,
  nodeReadWrite,
  nodeRow,
  placeKey,
  placeRow,
} from '../../renderer/src/chart-data/shape';
import { appendRows, emptyChartRows, hasNodes, inWindow } from '../../renderer/src/chart-data/chartRows';
import { nodeThroughputSpec, placeSpec } from '../../renderer/src/charts/spec';
import { windowSeconds } from '../../renderer/src/chart-data/windows';
import { fmtPct } from '../../app/report/numbers';
import { runProgress } from '../../renderer/src/components/live/progress';
import { tileValues } from '../../renderer/src/components/live/tiles';
import { latency, runInfo, sample, summary } from './fixtures';

const node = (id: string, rates: Record<string, number>) => ({ id, address: `127.0.0.1:${id}`, rates });

describe('cluster throughput rows', () => {
  it('splits reads and writes into success and failed per second', () => {
    const rows = [sample(4, { get: 90, getErrors: 5, getTimeouts: 3, put: 30, putErrors: 2 }), sample(5)].map((s) =>
      clusterRow(s, 'builtin-kv'),
    );
    expect(rows).toEqual([
      { t: 4, readsOk: 90, readsFailed: 8, writesOk: 30, writesFailed: 2 },
      { t: 5, readsOk: 90, readsFailed: 0, writesOk: 30, writesFailed: 0 },
    ]);
  });

  it('takes the write op from the target kind', () => {
    const s: LiveSample = { ...sample(0), ops: { get: sample(0).ops.get, set: { ...sample(0).ops.put, count: 7 } } };
    expect(clusterRow(s, 'redis')).toMatchObject({ readsOk: 90, writesOk: 7 });
    // The file server has no write op: everything it does is a read.
    expect(clusterRow(s, 'builtin-file')).toMatchObject({ readsOk: 97, writesOk: 0 });
  });
});

describe('per-node rows', () => {
  const samples = [
    sample(0, {
      nodes: [node('n2', { 'read.success': 40, 'read.notFound': 2, 'write.success': 10 }), node('n10', { 'read.success': 50 })],
    }),
    sample(1, { nodes: [node('n2', { 'read.success': 45, 'read.error': 1, 'write.timeout': 2 })] }),
  ];

  it('counts not-found reads as successes and errors and timeouts as failures', () => {
    expect(
      nodeReadWrite({ 'read.success': 5, 'read.notFound': 1, 'read.error': 2, 'read.timeout': 1, 'write.success': 3, 'write.error': 4 }),
    ).toEqual({
      readsOk: 6,
      readsFailed: 3,
      writesOk: 3,
      writesFailed: 4,
    });
  });

  it('gives each node its own series, in natural order', () => {
    const held = appendRows(emptyChartRows(), samples, 'builtin-kv', 10);
    expect(inWindow(held, null).nodeIds).toEqual(['n2', 'n10']);
    const rows = samples.map((s) => nodeRow(s));
    expect(rows[0]).toEqual({
      t: 0,
      [nodeKey('n2', 'reads')]: 42,
      [nodeKey('n2', 'writes')]: 10,
      [nodeKey('n2', 'failed')]: 0,
      [nodeKey('n10', 'reads')]: 50,
      [nodeKey('n10', 'writes')]: 0,
      [nodeKey('n10', 'failed')]: 0,
    });
    expect(rows[1]).toEqual({ t: 1, [nodeKey('n2', 'reads')]: 45, [nodeKey('n2', 'writes')]: 0, [nodeKey('n2', 'failed')]: 3 });
  });

  it('draws a failure line only for a node that failed in view', () => {
    const spec = nodeThroughputSpec(
      ['n2', 'n10'],
      samples.map((s) => nodeRow(s)),
    );
    expect(spec.series.map((s) => s.key)).toEqual([
      nodeKey('n2', 'reads'),
      nodeKey('n2', 'writes'),
      nodeKey('n2', 'failed'),
      nodeKey('n10', 'reads'),
      nodeKey('n10', 'writes'),
    ]);
  });
});

describe('latency and memory rows', () => {
  it('converts percentiles from µs to ms', () => {
    expect(latencyRow(sample(3, { lat: { p50: 250, p95: 1200, p99: 4000, max: 25_000 } }))).toEqual({
      t: 3,
      p50: 0.25,
      p95: 1.2,
      p99: 4,
      max: 25,
    });
  });

  it('gives RSS per worker in MiB', () => {
    expect(
      memoryRow(
        sample(0, {
          workers: [
            { id: 0, rssMiB: 40 },
            { id: 1, rssMiB: 55.5 },
          ],
        }),
      ),
    ).toEqual({ t: 0, w0: 40, w1: 55.5 });
  });
});

describe('windows', () => {
  const rowsOf = (samples: LiveSample[], cap = 3600) => appendRows(emptyChartRows(), samples, 'builtin-kv', cap);
  const hour = rowsOf(Array.from({ length: 1000 }, (_, i) => sample(i)));

  it('keeps the newest seconds of the window, every chart alike', () => {
    const w = inWindow(hour, windowSeconds('1m'));
    for (const rows of [w.cluster, w.nodes, w.latency, w.memory])
      expect(rows.map((r) => r.t)).toEqual(Array.from({ length: 60 }, (_, i) => 940 + i));
    expect(inWindow(hour, windowSeconds('15m')).cluster).toHaveLength(900);
    expect(inWindow(hour, windowSeconds('all')).cluster).toHaveLength(1000);
  });

  it('counts seconds, not samples, when a second is missing', () => {
    const gappy = rowsOf([sample(0), sample(1), sample(50), sample(100)]);
    expect(inWindow(gappy, 60).latency.map((r) => r.t)).toEqual([50, 100]);
  });

  it('names only the nodes and workers that reported inside the window', () => {
    const w = (id: number) => ({ id, rssMiB: 10 });
    const rows = rowsOf([
      sample(0, { workers: [w(0), w(1)], nodes: [node('n1', {}), node('n2', {})] }),
      sample(1, { workers: [w(0), w(1)], nodes: [node('n1', {}), node('n2', {})] }),
      sample(2, { workers: [w(0), w(10)], nodes: [node('n1', {})] }),
    ]);
    expect(inWindow(rows, null)).toMatchObject({ nodeIds: ['n1', 'n2'], workerIds: [0, 1, 10] });
    expect(inWindow(rows, 1)).toMatchObject({ nodeIds: ['n1'], workerIds: [0, 10] });
    expect(hasNodes(rows)).toBe(true);
    expect(hasNodes(rowsOf([sample(0)]))).toBe(false);
  });

  it('forgets a node once its last second has left the buffer', () => {
    const rows = rowsOf([sample(0, { nodes: [node('gone', {})] }), sample(1), sample(2)], 2);
    expect(rows.cluster.map((r) => r.t)).toEqual([1, 2]);
    expect(hasNodes(rows)).toBe(false);
    expect(inWindow(rows, null).nodeIds).toEqual([]);
  });
});

describe('latency buckets', () => {
  it('reads the bounds a summary holds, and the fixed 1..16 ms ones of older run files', () => {
    expect(bucketsFromSummary({ boundsMs: [0.1, 0.2], shares: [0.25, 1] })).toEqual([
      { boundMs: 0.1, share: 0.25, known: 'exact' },
      { boundMs: 0.2, share: 1, known: 'exact' },
    ]);
  });

  it('keeps the live bounds while a second stays inside them, and fits new ones when it moves out', () => {
    const fast = latency({ min: 40, p50: 60, p90: 80, p95: 90, p99: 150, p999: 200, max: 300 });
    const first = liveBounds(null, fast);
    expect(first).toEqual(fitBounds(40, 200));
    expect(liveBounds(first, latency({ min: 45, p50: 70, p90: 90, p95: 100, p99: 160, p999: 190, max: 250 }))).toBe(first);
    const slow = latency({ min: 100_000, p50: 200_000, p90: 250_000, p95: 260_000, p99: 290_000, p999: 300_000, max: 310_000 });
    expect(liveBounds(first, slow)).toEqual([50, 100, 200, 500, 1000]);
    expect(liveBounds(first, slow, [1, 5])).toEqual([1, 5]);
  });

  it('uses the exact shares of the summary when the run is over', () => {
    expect(bucketsFromSummary(summary().total.buckets).map((b) => [b.boundMs, b.share, b.known])).toEqual([
      [1, 0.6, 'exact'],
      [2, 0.99, 'exact'],
      [4, 0.999, 'exact'],
      [8, 1, 'exact'],
      [16, 1, 'exact'],
    ]);
  });

  it('gives lower bounds from one second’s percentiles while live', () => {
    const FIXED = [1, 2, 4, 8, 16];
    const b = bucketsFromLatency(latency({ min: 100, p50: 400, p90: 800, p95: 900, p99: 1500, p999: 3000, max: 5000 }), FIXED);
    expect(b.map((x) => [x.boundMs, x.share, x.known])).toEqual([
      [1, 0.95, 'atLeast'],
      [2, 0.99, 'atLeast'],
      [4, 0.999, 'atLeast'],
      [8, 1, 'exact'],
      [16, 1, 'exact'],
    ]);
    expect(bucketsFromLatency(latency({ min: 2000, p50: 3000, max: 3500 }), FIXED)[0]).toEqual({ boundMs: 1, share: 0, known: 'exact' });
    expect(bucketsFromLatency(latency({ min: 500, p50: 3000, p90: 3100, p95: 3200, p99: 3300, p999: 3400, max: 3500 }), FIXED)[1]).toEqual({
      boundMs: 2,
      share: 0.5,
      known: 'below',
    });
  });
});

describe('tiles and progress', () => {
  it('reads the newest second with grouped digits', () => {
    const s = sample(0, {
      get: 900,
      put: 100,
      getErrors: 3,
      getTimeouts: 1,
      lat: { p50: 420, p99: 2500 },
      workers: [
        { id: 0, rssMiB: 40 },
        { id: 1, rssMiB: 60 },
      ],
      nodes: [node('a', {})],
    });
    const t = Object.fromEntries(tileValues(s, 'builtin-kv').map((x) => [x.id, x.value]));
    expect(t).toEqual({
      ops: '1,000',
      reads: '900',
      writes: '100',
      errors: '4',
      unavailable: '0',
      p50: '420',
      p99: '2.50',
      memory: '100.0',
      nodes: '1',
    });
    // Below a millisecond in µs, each tile with its own unit.
    expect(
      tileValues(s, 'builtin-kv')
        .filter((x) => x.id === 'p50' || x.id === 'p99')
        .map((x) => x.unit),
    ).toEqual(['µs', 'ms']);
    expect(tileValues(undefined, 'redis').every((x) => x.value === '–')).toBe(true);
  });

  it('shows unavailable operations, and no latency for a second in which nothing succeeded', () => {
    const s = sample(0, { get: 0, put: 0, lat: { p50: 0, p99: 0 } });
    s.ops.get.unavailable = 40;
    s.ops.put.unavailable = 24;
    const tiles = tileValues(s, 'builtin-kv');
    const t = Object.fromEntries(tiles.map((x) => [x.id, x.value]));
    expect(t).toMatchObject({ ops: '0', unavailable: '64', p50: '–', p99: '–' });
    expect(tiles.find((x) => x.id === 'unavailable')?.alert).toBe(true);
  });

  it('runs through warm-up and run, counting second 0 as the first', () => {
    const info = runInfo('r', { warmupSeconds: 2, runSeconds: 8 });
    expect(runProgress(info, 'starting', undefined)).toMatchObject({ elapsed: 0, remaining: 10, fraction: 0, warmupFraction: 0.2 });
    expect(runProgress(info, 'running', 4)).toMatchObject({ elapsed: 5, remaining: 5, fraction: 0.5 });
    expect(runProgress(info, 'stopped', 6)).toMatchObject({ elapsed: 7, remaining: 0 });
    expect(runProgress(info, 'done', 6)).toMatchObject({ elapsed: 10, fraction: 1 });
  });
});

describe('formatting', () => {
  it('never rounds a share up to 100%', () => {
    expect([fmtPct(0.9996), fmtPct(1), fmtPct(0.5), fmtPct(0.064), fmtPct(0)]).toEqual(['99.9%', '100%', '50%', '6.4%', '0%']);
  });
});

describe('per-load-generator rows (a run placed on agents)', () => {
  const w = (id: number, count: number, place?: string) => ({ id, rssMiB: 50, count, ...(place ? { place } : {}) });
  const placed = [
    sample(0, { workers: [w(0, 10), w(1, 20, 'agent a'), w(2, 30, 'agent a')] }),
    sample(1, { workers: [w(0, 11), w(1, 21, 'agent a')] }),
  ];

  it('adds up each place’s operations per second, this machine first, and names them in the window', () => {
    const row = placeRow(placed[0]);
    expect(row[placeKey('this machine', 'ops')]).toBe(10);
    expect(row[placeKey('agent a', 'ops')]).toBe(50);
    const held = appendRows(emptyChartRows(), placed, 'redis', 10);
    expect(inWindow(held, null).placeNames).toEqual(['this machine', 'agent a']);
    expect(placeSpec(['this machine', 'agent a'], 'ops').series.map((s) => s.label)).toEqual(['this machine', 'agent a']);
  });

  it('adds up CPU and RSS per place and keeps its busiest event loop, in % and MiB', () => {
    const wk = (id: number, cpu: number, elu: number, place?: string) => ({
      id,
      rssMiB: 100,
      count: 1,
      cpu,
      elu,
      ...(place ? { place } : {}),
    });
    const row = placeRow(sample(0, { workers: [wk(0, 0.5, 0.4), wk(1, 0.3, 0.9, 'agent a'), wk(2, 0.6, 0.2, 'agent a')] }));
    expect(row[placeKey('agent a', 'cpu')]).toBeCloseTo(90);
    expect(row[placeKey('agent a', 'elu')]).toBeCloseTo(90);
    expect(row[placeKey('agent a', 'rss')]).toBeCloseTo(200);
    expect(row[placeKey('this machine', 'elu')]).toBeCloseTo(40);
    expect(placeSpec(['agent a'], 'rss')).toMatchObject({ yUnit: 'MiB', series: [{ key: placeKey('agent a', 'rss'), reduce: 'max' }] });
  });

  it('has no series for a run all on this machine', () => {
    const local = [sample(0, { workers: [w(0, 10), w(1, 20)] })];
    expect(placeRow(local[0])).toEqual({ t: 0 });
    expect(inWindow(appendRows(emptyChartRows(), local, 'redis', 10), null).placeNames).toEqual([]);
  });
});
