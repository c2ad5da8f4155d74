import type { CDPSession } from 'playwright-core';
import { firstAtOrAfter } from '../../app/stats/search';
import { MARK_COMMIT, MARK_PAUSE, MARK_RESUME } from './page';
import { US_PER_MS } from '../../app/report/numbers';

/**
 * Per-update main-thread time from a Chromium trace. A trace sees every task
 * the renderer's main thread runs (socket messages, timers, React, style,
 * layout, paint, GC) with its exact duration, which sampled counters cannot
 * split per update once updates come faster than they can be read.
 */
const CATEGORIES = ['toplevel', 'devtools.timeline', 'blink.user_timing'];
const TASK = 'ThreadControllerImpl::RunTask';
const RECEIVE = 'WebSocketReceive';
const LAYOUT = new Set(['UpdateLayoutTree', 'Layout']);
const PAINT = new Set(['PrePaint', 'Paint', 'Layerize']);
/** The event that says a frame was painted. */
const FRAME_PAINT = 'Paint';
const READ_CHUNK_BYTES = 4 * 1024 * 1024;
const TRACE_END_TIMEOUT_MS = 60_000;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

export interface Update {
  /**
   * Main-thread time from the task receiving the update's first sample to
   * the end of the first frame painted after its last store commit: what it
   * costs to get the new numbers on screen.
   */
  ms: number;
  /** Every task up to the next update's first sample, idle-time work (such as V8's memory-reducing GC) included. */
  spanMs: number;
  /** The longest single task of the update: what could hold back input or a frame. */
  longestTaskMs: number;
  /** Of `ms`, style+layout and pre-paint/paint/layerize. */
  layoutMs: number;
  paintMs: number;
  /** Sample messages the page handled in it. */
  samples: number;
}

export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReturnAsStream' });
}

export async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  let timer: NodeJS.Timeout | undefined;
  const complete = new Promise<string>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error('the trace did not complete')), TRACE_END_TIMEOUT_MS);
    cdp.once('Tracing.tracingComplete', (e) => (e.stream ? resolve(e.stream) : reject(new Error('trace without a stream'))));
  });
  await cdp.send('Tracing.end');
  const handle = await complete.finally(() => clearTimeout(timer));
  const parts: string[] = [];
  for (;;) {
    const r = await cdp.send('IO.read', { handle, size: READ_CHUNK_BYTES });
    parts.push(r.base64Encoded ? Buffer.from(r.data, 'base64').toString('utf8') : r.data);
    if (r.eof) break;
  }
  await cdp.send('IO.close', { handle });
  const parsed = JSON.parse(parts.join('')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** Sum of durations of `events`, counting an event nested in an earlier counted one only once. */
function busy(events: readonly TraceEvent[]): number {
  let sum = 0;
  let end = -Infinity;
  for (const e of events) {
    if (e.ts < end) continue;
    sum += e.dur ?? 0;
    end = e.ts + (e.dur ?? 0);
  }
  return sum / US_PER_MS;
}

/**
 * Split the page's main thread into updates. An update starts with the task
 * that receives the first sample after the previous store commit; it is on
 * screen once the first frame after its last commit has painted, and its
 * span runs on until the next such task (or a benchmark pause). Only spans
 * that committed to the DOM count as updates.
 */
export function updatesOf(events: readonly TraceEvent[]): Update[] {
  const commit = events.find((e) => e.name === MARK_COMMIT);
  if (!commit) throw new Error('the trace has no store commits: the page never updated');
  const main = events.filter((e) => e.pid === commit.pid && e.tid === commit.tid).sort((a, b) => a.ts - b.ts);
  const tasks = main.filter((e) => e.name === TASK && e.ph === 'X');
  // The task holding `ts` (tasks are in time order and do not overlap).
  const taskAt = (ts: number): TraceEvent | undefined => {
    const t = tasks[lowerBound(tasks, ts + 1) - 1];
    return t && ts <= t.ts + (t.dur ?? 0) ? t : undefined;
  };
  const taskStart = (ts: number): number => taskAt(ts)?.ts ?? ts;
  const spans: { from: number; to: number; lastCommit: number; samples: number }[] = [];
  let open: (typeof spans)[number] | null = null;
  let afterCommit = true;
  const close = (at: number): void => {
    if (open) spans.push({ ...open, to: at });
    open = null;
  };
  for (const e of main) {
    if (e.name === RECEIVE) {
      if (afterCommit) {
        const from = taskStart(e.ts);
        close(from);
        open = { from, to: Infinity, lastCommit: -Infinity, samples: 0 };
        afterCommit = false;
      }
      if (open) open.samples++;
    } else if (e.name === MARK_COMMIT) {
      afterCommit = true;
      if (open) open.lastCommit = e.ts;
    } else if (e.name === MARK_PAUSE) {
      close(taskStart(e.ts));
    } else if (e.name === MARK_RESUME) {
      afterCommit = true;
    }
  }
  close(Infinity);
  const layout = main.filter((e) => e.ph === 'X' && LAYOUT.has(e.name));
  const paint = main.filter((e) => e.ph === 'X' && PAINT.has(e.name));
  const frames = main.filter((e) => e.ph === 'X' && e.name === FRAME_PAINT);
  const within = (xs: readonly TraceEvent[], from: number, to: number) => xs.slice(lowerBound(xs, from), lowerBound(xs, to));
  return spans
    .filter((s) => s.lastCommit > -Infinity && s.to !== Infinity)
    .map((s) => {
      // Painted: the end of the task holding the first paint after the last commit; else the whole span.
      const painted = within(frames, s.lastCommit, s.to)[0];
      const frameTask = painted && taskAt(painted.ts);
      const end = frameTask ? Math.min(s.to, frameTask.ts + (frameTask.dur ?? 0) + 1) : s.to;
      const spanTasks = within(tasks, s.from, s.to);
      return {
        ms: busy(within(tasks, s.from, end)),
        spanMs: busy(spanTasks),
        longestTaskMs: spanTasks.reduce((m, t) => Math.max(m, (t.dur ?? 0) / US_PER_MS), 0),
        layoutMs: busy(within(layout, s.from, end)),
        paintMs: busy(within(paint, s.from, end)),
        samples: s.samples,
      };
    });
}

const tsOf = (e: TraceEvent): number => e.ts;
/** Index of the first event at or after `ts` in a time-ordered list. */
const lowerBound = (xs: readonly TraceEvent[], ts: number): number => firstAtOrAfter(xs, tsOf, ts);
