import type { LiveSample, LiveState } from '../../app/protocol/bridge';
import { heapMiB, type Browser } from './browser';
import type { FakeBridge } from './fake-bridge';
import { expectedPoints, WINDOW_SECONDS, type RendererLimits } from './limits';
import { appliedSeconds, chartPoints, mark, MARK_PAUSE, MARK_RESUME, observeCommits, openLive, until } from './page';
import { makeSamples, runInfo } from './samples';
import { startTrace, stopTrace, updatesOf, type Update } from './trace';

/** Live mode's cadence: main merges and pushes one sample per second. */
const LIVE_INTERVAL_MS = 1000;
/**
 * Before a pause the page is given this long after its last update, so the
 * frames painting it (and the run bar's 0.3 s width transition) land in it.
 */
const SETTLE_MS = 1000;
/** The page may be far behind the socket at a checkpoint; it must catch up within this. */
const CATCH_UP_TIMEOUT_MS = 180_000;
const POINTS_TIMEOUT_MS = 10_000;
/** Heap checkpoints, as shares of the replay. */
const CHECKPOINTS = [0.25, 0.5, 0.75, 1] as const;

export interface ModeContext {
  bridge: FakeBridge;
  limits: RendererLimits;
  /** A fresh browser, closed by the caller's cleanup even if the mode throws. */
  launch(): Promise<Browser>;
}

export interface ModeResult {
  mode: 'live' | 'replay';
  window: string;
  updates: Update[];
  heap: { at: string; mib: number }[];
  /** The throughput chart's point count at each check, each equal to the expected count. */
  points: number[];
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, Math.max(0, ms)));

function state(runId: string, seconds: number, samples: LiveSample[]): LiveState {
  return { run: runInfo(runId, seconds), phase: 'running', samples, logs: [], summary: null, file: null };
}

/** Wait until the chart draws exactly what the window, cap and downsampler say it must for `seconds` applied. */
async function checkPoints(b: Browser, ctx: ModeContext, window: string, seconds: number): Promise<number> {
  const want = expectedPoints(seconds - 1, WINDOW_SECONDS[window], ctx.limits);
  return until(
    `the throughput chart to draw ${want} points`,
    () => chartPoints(b.page),
    (n) => n === want,
    POINTS_TIMEOUT_MS,
  );
}

/**
 * A window opened mid-run: the hour's first seconds arrive through getState
 * (the page catches up), the last `liveSeconds` are pushed at 1/s.
 */
export async function runLive(ctx: ModeContext, window: string, hour: number, liveSeconds: number): Promise<ModeResult> {
  const all = makeSamples(hour);
  const prefill = hour - liveSeconds;
  ctx.bridge.setState(state('live', hour, all.slice(0, prefill)));
  const b = await ctx.launch();
  await openLive(b.page, ctx.bridge.url, window, prefill);
  const points = [await checkPoints(b, ctx, window, prefill)];
  const heap = [{ at: 'caught up', mib: await heapMiB(b.cdp) }];
  await observeCommits(b.page);
  await startTrace(b.cdp);
  await sleep(SETTLE_MS);
  await mark(b.page, MARK_RESUME);
  const start = Date.now();
  for (let i = prefill; i < hour; i++) {
    await ctx.bridge.pushSample('live', all[i]);
    await sleep(start + (i - prefill + 1) * LIVE_INTERVAL_MS - Date.now());
  }
  await until(
    'the page to apply every live second',
    () => appliedSeconds(b.page),
    (n) => n === hour,
    CATCH_UP_TIMEOUT_MS,
  );
  await sleep(SETTLE_MS);
  await mark(b.page, MARK_PAUSE);
  const updates = updatesOf(await stopTrace(b.cdp));
  points.push(await checkPoints(b, ctx, window, hour));
  heap.push({ at: 'end', mib: await heapMiB(b.cdp) });
  return { mode: 'live', window, updates, heap, points };
}

/**
 * A window open from the run's first second while the whole run arrives as
 * fast as the socket takes it. At each checkpoint the stream pauses, the
 * page catches up, and the heap is read after a full GC (outside the
 * measured spans).
 */
export async function runReplay(ctx: ModeContext, window: string, seconds: number): Promise<ModeResult> {
  const all = makeSamples(seconds);
  ctx.bridge.setState(state('replay', seconds, []));
  const b = await ctx.launch();
  await openLive(b.page, ctx.bridge.url, window, 0);
  await observeCommits(b.page);
  const stops = CHECKPOINTS.map((q) => Math.round(seconds * q));
  const heap: ModeResult['heap'] = [];
  const points: number[] = [];
  await startTrace(b.cdp);
  for (let i = 0; i < seconds; i++) {
    await ctx.bridge.pushSample('replay', all[i]);
    const k = stops.indexOf(i + 1);
    if (k < 0) continue;
    await until(
      `the page to apply ${i + 1} samples`,
      () => appliedSeconds(b.page),
      (n) => n === i + 1,
      CATCH_UP_TIMEOUT_MS,
    );
    await sleep(SETTLE_MS);
    await mark(b.page, MARK_PAUSE);
    points.push(await checkPoints(b, ctx, window, i + 1));
    heap.push({ at: `${CHECKPOINTS[k] * 100}%`, mib: await heapMiB(b.cdp) });
    await mark(b.page, MARK_RESUME);
  }
  const updates = updatesOf(await stopTrace(b.cdp));
  return { mode: 'replay', window, updates, heap, points };
}
