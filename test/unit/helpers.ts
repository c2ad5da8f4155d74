/**
 * Shared builders for the unit tests. Expected values in the tests are
 * computed from the raw value lists here, never from the module under test.
 */
import { expect } from 'vitest';
import { createHistogram, encodeHistogram, recordUs } from '../../app/metrics/histogram';
import type { Tick } from '../../app/metrics/tick';

/** Compressed histogram of exactly these microsecond values. */
export function histOf(values: readonly number[]): string {
  const h = createHistogram();
  for (const v of values) recordUs(h, v);
  const s = encodeHistogram(h);
  h.destroy();
  return s;
}

/** Nearest-rank percentile of a list (the definition HdrHistogram uses). */
export function exactPercentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** HDR with 3 significant digits: within 0.1% (and never off by more than 1 µs for small values). */
export function expectHdr(actual: number, expected: number): void {
  const tol = Math.max(1, expected * 0.001);
  expect(Math.abs(actual - expected), `HDR value ${actual} vs exact ${expected}`).toBeLessThanOrEqual(tol);
}

/** Deterministic pseudo-random values, independent of workers/load/keys.ts (mulberry32). */
export function seededValues(seed: number, n: number, lo: number, hi: number): number[] {
  let a = seed >>> 0;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    out.push(Math.round(lo + r * (hi - lo)));
  }
  return out;
}

export interface OpSpec {
  /** Latencies (µs) of successful operations; their number is the op count. */
  values?: number[];
  errors?: number;
  timeouts?: number;
  notFound?: number;
  unavailable?: number;
  /** Carry the values' exact sum, min and max as a worker's recorder does (left out by default, as ticks of older workers). */
  exact?: boolean;
}

/** The exact tally a worker's recorder sends for these latencies: none without any. */
function exactOf(values: readonly number[]): { exact?: { sum: number; min: number; max: number } } {
  if (values.length === 0) return {};
  return { exact: { sum: values.reduce((a, v) => a + v, 0), min: Math.min(...values), max: Math.max(...values) } };
}

export function tick(worker: number, second: number, ops: Record<string, OpSpec>, extra: Partial<Tick> = {}): Tick {
  return {
    worker,
    second,
    ops: Object.fromEntries(
      Object.entries(ops).map(([name, o]) => [
        name,
        {
          count: (o.values ?? []).length,
          errors: o.errors ?? 0,
          timeouts: o.timeouts ?? 0,
          notFound: o.notFound ?? 0,
          unavailable: o.unavailable ?? 0,
          hist: histOf(o.values ?? []),
          ...(o.exact ? exactOf(o.values ?? []) : {}),
        },
      ]),
    ),
    bytesIn: 0,
    bytesOut: 0,
    mem: { rss: 100, heapUsed: 50, external: 10 },
    elu: 0.1,
    cpu: 0.1,
    inFlight: 1,
    backlog: 0,
    ...extra,
  };
}

/** n copies of v. */
export function rep(v: number, n: number): number[] {
  return Array.from({ length: n }, () => v);
}
