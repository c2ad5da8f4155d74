import { afterEach, describe, expect, it, vi } from 'vitest';
import { everyWholeSecond, nextWholeSecond } from '../../app/host/whole-seconds';

describe('whole seconds of the clock', () => {
  afterEach(() => vi.useRealTimers());

  it('rounds a time up to the next whole second, keeping one already whole', () => {
    expect(nextWholeSecond(1_700_000_000_250)).toBe(1_700_000_001_000);
    expect(nextWholeSecond(1_700_000_001_000)).toBe(1_700_000_001_000);
  });

  it('calls on every whole second, just after the edge, once per edge, until stopped', () => {
    vi.useFakeTimers({ now: 1_700_000_000_700 });
    const at: number[] = [];
    const stop = everyWholeSecond(() => at.push(Date.now()));
    vi.advanceTimersByTime(3500);
    expect(at.map((t) => t % 1000)).toEqual([2, 2, 2]);
    expect(at.map((t) => Math.floor(t / 1000) - 1_700_000_000)).toEqual([2, 3, 4]);
    stop();
    vi.advanceTimersByTime(3000);
    expect(at).toHaveLength(3);
  });
});
