import { table } from '../../main/cli/format';
import type { RendererLimits } from './limits';
import type { ModeResult } from './modes';

/** One frame at 60 Hz: an update that takes longer makes the page drop frames. */
const TARGET_MS_PER_UPDATE = 16;
/** The heap must grow less than this between the replay's 50% and 100% checkpoints. */
const MAX_HEAP_GROWTH = 0.1;
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

interface Row {
  cells: string[];
  pass: boolean;
}

/** Heap growth 50% -> 100% of a replay; null for live mode, which has no such checkpoints. */
function heapGrowth(r: ModeResult): number | null {
  const half = r.heap.find((h) => h.at === HALF);
  const full = r.heap.find((h) => h.at === FULL);
  return half && full ? full.mib / half.mib - 1 : null;
}

const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);

/**
 * The figure the target is judged on. Live: ms per update, arrival to painted
 * frame. Replay: ms per sample, since every pushed sample is an update the
 * stream delivers and the page applies the ones of each 50 ms in one render;
 * its per-render figures are printed beside it.
 */
export function judged(r: ModeResult): number[] {
  return r.mode === 'live' ? r.updates.map((u) => u.ms) : r.updates.map((u) => u.ms / Math.max(1, u.samples));
}

function row(r: ModeResult): Row {
  const t = sorted(r.updates.map((u) => u.ms));
  const p95 = percentile(sorted(judged(r)), P95);
  const timeOk = p95 < TARGET_MS_PER_UPDATE;
  const growth = heapGrowth(r);
  const heapOk = growth === null || growth < MAX_HEAP_GROWTH;
  const verdict = [`time ${timeOk ? 'PASS' : 'MISS'} (${ms(p95)}${r.mode === 'live' ? '' : '/sample'})`];
  if (growth !== null) verdict.push(`heap ${heapOk ? 'PASS' : 'MISS'} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%)`);
  const span = sorted(r.updates.map((u) => u.spanMs));
  const longest = sorted(r.updates.map((u) => u.longestTaskMs));
  return {
    pass: timeOk && heapOk,
    cells: [
      r.mode,
      r.window,
      String(r.updates.length),
      mean(r.updates.map((u) => u.samples)).toFixed(1),
      ms(mean(t)),
      ms(percentile(t, P50)),
      ms(percentile(t, P95)),
      ms(t[t.length - 1] ?? NaN),
      `${ms(percentile(span, P95))} / ${ms(span[span.length - 1] ?? NaN)}`,
      `${ms(percentile(longest, P95))} / ${ms(longest[longest.length - 1] ?? NaN)}`,
      `${ms(mean(r.updates.map((u) => u.layoutMs)))} / ${ms(mean(r.updates.map((u) => u.paintMs)))}`,
      r.heap.map((h) => h.mib.toFixed(MIB_DIGITS)).join(' / '),
      r.points.join('→'),
      verdict.join(', '),
    ],
  };
}

const HEADER = [
  ...['mode', 'window', 'updates', 'samples/upd', 'mean ms', 'p50', 'p95', 'max'],
  ...['span p95/max', 'task p95/max', 'layout/paint ms', 'heap MiB', 'chart points', 'verdict'],
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
    `target: p95 < ${TARGET_MS_PER_UPDATE} ms of main-thread time per update (live) and per sample applied (replay);` +
      ` replay heap grows < ${MAX_HEAP_GROWTH * 100}% from 50% to 100%`,
    `overall: ${rows.every((r) => r.pass) ? 'PASS' : 'MISS'}`,
    '',
    'how it is measured:',
    "- ms per update (mean/p50/p95/max): a Chromium trace of the page's main thread (every task, with its",
    "  duration), from the task receiving the update's first sample to the end of the first frame painted after",
    '  its store commit: the socket messages (JSON parse, validation), the batch flush, the store update, React',
    '  render and that frame. The trace itself adds some overhead to every task (about a fifth here).',
    "- span p95/max: every task up to the next update's first sample (live: the whole second), so work the",
    "  browser does while the page is idle, V8's memory-reducing full GC above all (~10 ms, a few a minute),",
    '  is shown rather than hidden. task p95/max: the longest single task of an update, what could hold back',
    '  a click or a frame.',
    '- replay: pushes arrive far faster than frames; the page applies those of each 50 ms in one render, so an',
    '  update holds hundreds of samples and its ms are mostly parsing them. It is judged per sample applied.',
    "- a chart's time axis slides one second each second (a fixed-width window) and is drawn by the page, not",
    '  recharts: a second moves its labels and the bands; only a new value-axis top redraws a recharts frame.',
    '- layout/paint ms: the means of those updates spent in style+layout and in pre-paint/paint/layerize.',
    '- heap MiB: live: once caught up / at the end; replay: at 25% / 50% / 75% / 100% of the samples.',
    '  JSHeapUsedSize (CDP Performance.getMetrics) right after HeapProfiler.collectGarbage, with the page',
    '  caught up and the stream paused. Pauses (GC, checks) are outside every measured update.',
    `- chart points: data-points of the throughput chart at each check, each equal to the count the window, the`,
    `  ${limits.sampleCap}-sample cap (app/metrics/limits.ts) and the ${limits.maxChartPoints}-point downsampler imply.`,
    capNote(limits.sampleCap, replaySeconds),
  ].join('\n');
}
