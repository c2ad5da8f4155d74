import { describe, expect, it } from 'vitest';
import { MARK_COMMIT, MARK_PAUSE, MARK_RESUME } from '../../bench/ui/page';
import { judged } from '../../bench/ui/report';
import { updatesOf } from '../../bench/ui/trace';

/** A tiny trace of the page's main thread, in microseconds, as Chromium writes it. */
const PID = 1;
const TID = 7;
type Ev = Parameters<typeof updatesOf>[0][number];
const task = (ts: number, dur: number): Ev => ({ name: 'ThreadControllerImpl::RunTask', ph: 'X', ts, dur, pid: PID, tid: TID });
const x = (name: string, ts: number, dur: number): Ev => ({ name, ph: 'X', ts, dur, pid: PID, tid: TID });
const instant = (name: string, ts: number): Ev => ({ name, ph: 'I', ts, pid: PID, tid: TID });

/**
 * One live second: a 1 ms socket task, a 4 ms render task that commits, a
 * 3 ms frame (1 ms layout, 1 ms paint), then idle-time work (a 10 ms GC)
 * before the next second's sample.
 */
function second(at: number, gcMs = 10): Ev[] {
  return [
    task(at, 1000),
    instant('WebSocketReceive', at + 100),
    task(at + 50_000, 4000),
    instant(MARK_COMMIT, at + 53_000),
    task(at + 60_000, 3000),
    x('Layout', at + 60_100, 1000),
    x('Paint', at + 61_500, 1000),
    task(at + 400_000, gcMs * 1000),
    x('MajorGC', at + 400_000, gcMs * 1000),
  ];
}

describe('bench:ui update times from a trace', () => {
  it('counts an update from its first sample to its painted frame, and idle work only in its span', () => {
    const events = [
      instant(MARK_RESUME, 0),
      ...second(1000),
      ...second(1_001_000, 12),
      task(2_001_000, 1000),
      instant('WebSocketReceive', 2_001_100),
    ];
    const updates = updatesOf(events);
    expect(updates).toHaveLength(2);
    expect(updates[0]).toEqual({ ms: 8, spanMs: 18, longestTaskMs: 10, layoutMs: 1, paintMs: 1, samples: 1 });
    expect(updates[1]).toMatchObject({ ms: 8, spanMs: 20, longestTaskMs: 12 });
  });

  it('ends an update at its span when no frame painted it, and drops spans without a commit', () => {
    const events = [
      instant(MARK_RESUME, 0),
      task(1000, 2000),
      instant('WebSocketReceive', 1100),
      instant('WebSocketReceive', 1200),
      instant(MARK_COMMIT, 2500),
      task(10_000, 5000),
      // The next sample arrives before any frame: the update is the whole span.
      task(20_000, 1000),
      instant('WebSocketReceive', 20_100),
      instant(MARK_PAUSE, 30_000),
      task(30_000, 1000),
    ];
    const updates = updatesOf(events);
    expect(updates).toEqual([{ ms: 7, spanMs: 7, longestTaskMs: 5, layoutMs: 0, paintMs: 0, samples: 2 }]);
  });

  it('refuses a trace in which the page never committed', () => {
    expect(() => updatesOf([task(0, 1000), instant('WebSocketReceive', 10)])).toThrow(/no store commits/);
  });

  it('judges live per update and replay per sample applied', () => {
    const u = { ms: 30, spanMs: 40, longestTaskMs: 12, layoutMs: 1, paintMs: 1, samples: 300 };
    expect(judged({ mode: 'live', window: '5m', updates: [u], heap: [], points: [] })).toEqual([30]);
    expect(judged({ mode: 'replay', window: '5m', updates: [u], heap: [], points: [] })).toEqual([0.1]);
  });
});
