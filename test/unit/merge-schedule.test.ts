import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MergeSchedule, OVERDUE_RECHECK_MS } from '../../main/engine/merge-schedule';

/** A merger whose oldest pending second is overdue at `overdueAt`; each merge may emit it (moving the deadline on by a second). */
function source(start: number) {
  const s = { overdueAt: start, merges: [] as number[], emitOnMerge: false };
  const merge = (): void => {
    s.merges.push(Date.now());
    if (s.emitOnMerge || Date.now() >= s.overdueAt) s.overdueAt += 1000;
  };
  return { s, merge };
}

describe('when main merges a second', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('merges on each arrival and otherwise wakes only at a deadline, not every 100 ms', () => {
    const { s, merge } = source(2_500);
    const schedule = new MergeSchedule(s, merge);
    schedule.arrived();
    expect(s.merges).toEqual([0]);
    vi.advanceTimersByTime(1_000);
    s.emitOnMerge = true;
    schedule.arrived(); // the second's last tick: emitted, the deadline moves to 3,500
    expect(s.merges).toEqual([0, 1_000]);
    s.emitOnMerge = false;
    vi.advanceTimersByTime(2_400); // nothing arrives up to 3,400
    expect(s.merges).toEqual([0, 1_000]);
    vi.advanceTimersByTime(100); // 3,500: overdue, merged without what is missing
    expect(s.merges).toEqual([0, 1_000, 3_500]);
    vi.advanceTimersByTime(1_000); // and the next second's deadline after it
    expect(s.merges).toEqual([0, 1_000, 3_500, 4_500]);
    schedule.stop();
  });

  it('looks again every OVERDUE_RECHECK_MS at a second held back past its deadline, and never after stop', () => {
    const s = { overdueAt: 1_000, merges: [] as number[] };
    const schedule = new MergeSchedule(s, () => void s.merges.push(Date.now()));
    schedule.arrived();
    vi.advanceTimersByTime(1_000 + 3 * OVERDUE_RECHECK_MS);
    expect(s.merges).toEqual([0, 1_000, 1_000 + OVERDUE_RECHECK_MS, 1_000 + 2 * OVERDUE_RECHECK_MS, 1_000 + 3 * OVERDUE_RECHECK_MS]);
    schedule.stop();
    schedule.arrived();
    vi.advanceTimersByTime(10_000);
    expect(s.merges).toHaveLength(5);
  });
});
