import { describe, expect, it } from 'vitest';
import type { Row } from '../../renderer/src/chart-data/row';
import { nodeKey } from '../../renderer/src/chart-data/shape';
import { overlaySpec } from '../../renderer/src/components/runs/compareShape';
import { CLUSTER_THROUGHPUT, LATENCY, latencySpec } from '../../renderer/src/charts/spec';
import { axisNote, logScale, valueAxis } from '../../renderer/src/charts/valueAxis';

const labels = (spec: Parameters<typeof valueAxis>[0], rows: Row[]): string[] => {
  const axis = valueAxis(spec, rows);
  return axis.ticks.map(axis.label);
};

describe('latency value axes', () => {
  it('labels a server p99 of a few µs with distinct non-zero ticks, not 0, 0, 0, 0, 0', () => {
    // Two redis-mix runs' server p99 per second: 3 and 4 µs (in ms, as the Compare view holds them).
    const spec = overlaySpec('Server p99 per second', 'ms', ['a', 'b'], 0);
    const rows: Row[] = [0, 1, 2].map((t) => ({ t, r0: 0.003, r1: 0.004 }));
    const text = labels(spec, rows);
    expect(text).toEqual(['0', '1.0 µs', '2.0 µs', '3.0 µs', '4.0 µs']);
    expect(new Set(text).size).toBe(text.length);
  });

  it('keeps milliseconds and plain counts as they read', () => {
    expect(labels(LATENCY, [{ t: 0, p50: 1, p95: 2, p99: 3, max: 180 }])).toEqual(['0', '50 ms', '100 ms', '150 ms', '200 ms']);
    expect(labels(LATENCY, [{ t: 0, p50: 0.1, p95: 0.2, p99: 0.3, max: 0.6 }])).toEqual([
      '0',
      '100 µs',
      '200 µs',
      '300 µs',
      '400 µs',
      '500 µs',
      '600 µs',
    ]);
    expect(labels(CLUSTER_THROUGHPUT, [{ t: 0, readsOk: 41_000 }])).toEqual(['0', '10k', '20k', '30k', '40k', '50k']);
    expect(axisNote(CLUSTER_THROUGHPUT)).toBe('ops/s');
    expect(axisNote(LATENCY)).toBe('');
  });

  it("draws Both on a log scale in decades, so a server's µs and the client's ms are both read", () => {
    const node = 'redis';
    const rows: Row[] = [{ t: 0, p50: 0.2, p95: 1.5, p99: 40, max: 350, [nodeKey(node, 'srvP99')]: 0.004 }];
    const spec = latencySpec('both', [node], rows);
    expect(spec.scale).toBe('log');
    expect(axisNote(spec)).toBe('log scale');
    expect(latencySpec('server', [node], rows).scale).toBeUndefined();
    const axis = valueAxis(spec, rows);
    expect(axis.domain).toEqual([-3, 3]);
    expect(axis.ticks.map(axis.label)).toEqual(['1 µs', '10 µs', '100 µs', '1 ms', '10 ms', '100 ms', '1000 ms']);
  });

  it('adds ticks at 2 and 5 times a power of ten when the log axis spans few decades', () => {
    const spec = { ...LATENCY, scale: 'log' as const };
    const axis = valueAxis(spec, [{ t: 0, p50: 0.003, p95: 0.004, p99: 0.006, max: 0.009 }]);
    expect(axis.ticks.map(axis.label)).toEqual(['1 µs', '2 µs', '5 µs', '10 µs']);
  });

  it('maps values to the log axis, a 0 to its bottom', () => {
    const y = logScale((v) => v * 100, -3);
    expect([0.001, 0.01, 1, 0].map(y)).toEqual([-300, -200, 0, -300]);
  });
});
