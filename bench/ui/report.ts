import { table } from '../../main/cli/format';
import type { RendererLimits } from './limits';
import type { ModeResult } from './modes';

/** One frame at 60 Hz: an update that takes longer makes the page drop frames. */
export const TARGET_MS_PER_UPDATE = 16;
/** The heap must grow less than this between the replay's 50% and 100% checkpoints. */
export const MAX_HEAP_GROWTH = 0.1;
const HALF = '50%';
const FULL = '100%';
const MS_DIGITS = 1;
const P50 = 0.5;
const P95 = 0.95;
const MIB_DIGITS = 1;

/** Nearest-rank percentile of an ascending list. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const ms = (x: number): string => x.toFixed(MS_DIGITS);

export interface Row {
  cells: string[];
  pass: boolean;
}

/** Heap growth 50% -> 100% of a replay; null for live mode, which has no such checkpoints. */
export function heapGrowth(r: ModeResult): number | null {
  const half = r.heap.find((h) => h.at === HALF);
  const full = r.heap.find((h) => h.at === FULL);
  return half && full ? full.mib / half.mib - 1 : null;
}

export function row(r: ModeResult): Row {
  const t = r.updates.map((u) => u.ms).sort((a, b) => a - b);
  const p95 = percentile(t, P95);
  const timeOk = p95 < TARGET_MS_PER_UPDATE;
  const growth = heapGrowth(r);
  const heapOk = growth === null || growth < MAX_HEAP_GROWTH;
  const verdict = [`time ${timeOk ? 'PASS' : 'MISS'}`];
  if (growth !== null) verdict.push(`heap ${heapOk ? 'PASS' : 'MISS'} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%)`);
  return {
    pass: timeOk && heapOk,
    cells: [
      r.mode,
      r.window,
      String(r.updates.length),
      (mean(r.updates.map((u) => u.samples))).toFixed(1),
      ms(mean(t)),
      ms(percentile(t, P50)),
      ms(p95),
      ms(t[t.length - 1] ?? NaN),
      `${ms(mean(r.updates.map((u) => u.layoutMs)))} / ${ms(mean(r.updates.map((u) => u.paintMs)))}`,
      r.heap.map((h) => h.mib.toFixed(MIB_DIGITS)).join(' / '),
      r.points.join('→'),
      verdict.join(', '),
    ],
  };
}

const HEADER = [
  ...['mode', 'window', 'updates', 'samples/upd', 'mean ms', 'p50', 'p95', 'max'],
  ...['layout/paint ms', 'heap MiB', 'chart points', 'verdict'],
];

/** Where the replay meets the renderer's buffer cap: growth before it is the buffer filling, not a leak. */
function capNote(cap: number, samples: number): string {
  if (samples > cap) return `- the ${cap}-sample cap is reached at ${((cap / samples) * 100).toFixed(0)}% of the ${samples}-sample replay.`;
  return (
    `- the ${cap}-sample cap is ${samples === cap ? 'reached only at the last sample' : 'never reached'} of the ${samples}-sample replay, so` +
    ` 50%→100% growth includes the buffer filling up; --replay-seconds ${2 * cap} measures past the cap.`
  );
}

export function report(results: readonly ModeResult[], limits: RendererLimits, replaySeconds: number): string {
  const rows = results.map(row);
  return [
    table([HEADER, ...rows.map((r) => r.cells)]),
    '',
    `target: p95 < ${TARGET_MS_PER_UPDATE} ms of main-thread time per update; replay heap grows < ${MAX_HEAP_GROWTH * 100}% from 50% to 100%`,
    `overall: ${rows.every((r) => r.pass) ? 'PASS' : 'MISS'}`,
    '',
    'how it is measured:',
    '- ms per update: a Chromium trace of the page\'s main thread (every task, with its duration). An update runs',
    '  from the task receiving the first sample after a store commit to the next such task: the batch\'s socket',
    '  messages (JSON parse, validation), the batch flush, the store update and React render, and every frame',
    '  painting it. Live-mode updates also hold every other task of their 1 s (garbage collection included).',
    '  The trace itself adds some overhead to every task (about a fifth here, against CDP task counters).',
    '- a chart\'s time axis moves in whole tick steps (60 s in the 5 min window) and is drawn by the page, not',
    '  recharts: a step moves its labels and the bands; only a new value-axis top redraws a recharts frame.',
    '- layout/paint ms: the means of those updates spent in style+layout and in pre-paint/paint/layerize.',
    '- heap MiB: live: once caught up / at the end; replay: at 25% / 50% / 75% / 100% of the samples.',
    '  JSHeapUsedSize (CDP Performance.getMetrics) right after HeapProfiler.collectGarbage, with the page',
    '  caught up and the stream paused. Pauses (GC, checks) are outside every measured update.',
    `- chart points: data-points of the throughput chart at each check, each equal to the count the window, the`,
    `  ${limits.sampleCap}-sample cap (renderer/src/store/live.ts) and the ${limits.maxChartPoints}-point downsampler imply.`,
    capNote(limits.sampleCap, replaySeconds),
  ].join('\n');
}
