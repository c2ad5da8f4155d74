import {
  createHistogram,
  cumulativeBuckets,
  decodeHistogram,
  latencyStats,
  type Buckets,
  type Histogram,
  type LatencyStats,
} from './histogram';
import type { Sample } from './sample';

import { SATURATED_ELU } from './limits';

export { SATURATED_ELU };

export type RunStatus = 'done' | 'stopped' | 'failed' | 'interrupted';

export interface Spread {
  mean: number;
  median: number;
  min: number;
  max: number;
}

export interface OpSummary {
  ops: number;
  errors: number;
  timeouts: number;
  notFound: number;
  opsPerSec: Spread;
  latency: LatencyStats;
  buckets: Buckets;
}

export interface Summary {
  status: RunStatus;
  /** Seconds of the measured (post warm-up) phase. */
  seconds: number;
  ops: Record<string, OpSummary>;
  /** Every op type together. */
  total: OpSummary;
  bytesInPerSec: number;
  bytesOutPerSec: number;
  /** Highest RSS seen per worker id, over warm-up and run. */
  peakRss: Record<string, number>;
  warmup: { seconds: number; ops: number; errors: number };
  /** Measured seconds in which at least one worker's event loop was saturated. */
  saturatedSeconds: number;
}

/** The final summary, a pure function of the per-second samples. */
export function summarize(samples: readonly Sample[], status: RunStatus): Summary {
  const run = samples.filter((s) => s.phase === 'run');
  const warm = samples.filter((s) => s.phase === 'warmup');
  const opNames = [...new Set(run.flatMap((s) => Object.keys(s.ops)))].sort();
  const ops: Record<string, OpSummary> = {};
  const all = createHistogram();
  const allSeries = run.map(() => 0);
  const allCounts = { ops: 0, errors: 0, timeouts: 0, notFound: 0 };
  for (const op of opNames) {
    const h = createHistogram();
    const series: number[] = [];
    const c = { ops: 0, errors: 0, timeouts: 0, notFound: 0 };
    run.forEach((s, i) => {
      const o = s.ops[op];
      series.push(o ? o.count : 0);
      allSeries[i] += o ? o.count : 0;
      if (!o) return;
      c.ops += o.count;
      c.errors += o.errors;
      c.timeouts += o.timeouts;
      c.notFound += o.notFound;
      addEncoded(h, o.hist);
    });
    ops[op] = finish(c, series, h);
    all.add(h);
    h.destroy();
    for (const k of Object.keys(allCounts) as (keyof typeof allCounts)[]) allCounts[k] += c[k];
  }
  const total = finish(allCounts, allSeries, all);
  all.destroy();
  const peakRss: Record<string, number> = {};
  for (const s of samples) for (const w of s.workers) peakRss[w.id] = Math.max(peakRss[w.id] ?? 0, w.mem.rss);
  const seconds = run.length;
  return {
    status,
    seconds,
    ops,
    total,
    bytesInPerSec: seconds ? run.reduce((a, s) => a + s.bytesIn, 0) / seconds : 0,
    bytesOutPerSec: seconds ? run.reduce((a, s) => a + s.bytesOut, 0) / seconds : 0,
    peakRss,
    warmup: {
      seconds: warm.length,
      ops: warm.reduce((a, s) => a + s.totals.count, 0),
      errors: warm.reduce((a, s) => a + s.totals.errors + s.totals.timeouts, 0),
    },
    saturatedSeconds: run.filter((s) => s.workers.some((w) => w.elu >= SATURATED_ELU)).length,
  };
}

function addEncoded(into: Histogram, encoded: string): void {
  const h = decodeHistogram(encoded);
  into.add(h);
  h.destroy();
}

function finish(c: { ops: number; errors: number; timeouts: number; notFound: number }, series: number[], h: Histogram): OpSummary {
  return { ...c, opsPerSec: spread(series), latency: latencyStats(h), buckets: cumulativeBuckets(h) };
}

export function spread(xs: readonly number[]): Spread {
  if (xs.length === 0) return { mean: 0, median: 0, min: 0, max: 0 };
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return {
    mean: xs.reduce((a, b) => a + b, 0) / xs.length,
    median: sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2,
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}
