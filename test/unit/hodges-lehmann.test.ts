import { describe, expect, it } from 'vitest';
import { hodgesLehmann, MAX_PAIRS } from '../../app/stats/hodges-lehmann';
import { lowerCritical95 } from '../../app/stats/mann-whitney';

describe('the Hodges-Lehmann shift', () => {
  it('is the median of all pairwise differences, candidate minus baseline', () => {
    // differences 4-1 .. 6-3: 3 2 1 / 4 3 2 / 5 4 3 -> sorted 1 2 2 3 3 3 4 4 5, median 3
    expect(hodgesLehmann([1, 2, 3], [4, 5, 6])?.estimate).toBe(3);
    // an even count: differences 10-1, 10-3, 20-1, 20-3 = 9 7 19 17 -> (9 + 17) / 2
    expect(hodgesLehmann([1, 3], [10, 20])?.estimate).toBe(13);
    expect(hodgesLehmann([], [1])).toBeUndefined();
  });

  it('has no 95 % interval when the samples are too small for one, as the test has no significance', () => {
    expect(lowerCritical95(3, 3)).toBe(-1);
    expect(hodgesLehmann([1, 2, 3], [4, 5, 6])).toEqual({ estimate: 3 });
  });

  it('cuts the exact critical value off each end: 4+4 seconds cut 0 (P(U=0) = 1/70 <= 2.5 %)', () => {
    expect(lowerCritical95(4, 4)).toBe(0);
    // U <= 2 for 8+8 is 5/12870; U <= 13 is 0.025 by the tables (P(U <= 13) = 0.0249 for 8+8)
    expect(lowerCritical95(8, 8)).toBe(13);
    const shift = hodgesLehmann([10, 11, 12, 13], [20, 21, 22, 23]);
    expect(shift).toEqual({ estimate: 10, low: 7, high: 13 });
  });

  it('brackets the true shift of two shifted samples, and the interval narrows with more seconds', () => {
    const noisy = (n: number, at: number) => Array.from({ length: n }, (_, i) => at + ((i * 7919) % 101) - 50);
    const small = hodgesLehmann(noisy(10, 1000), noisy(10, 1200))!;
    const large = hodgesLehmann(noisy(60, 1000), noisy(60, 1200))!;
    for (const s of [small, large]) {
      expect(s.low!).toBeLessThanOrEqual(200);
      expect(s.high!).toBeGreaterThanOrEqual(200);
      expect(s.low!).toBeLessThanOrEqual(s.estimate);
      expect(s.high!).toBeGreaterThanOrEqual(s.estimate);
    }
    expect(large.high! - large.low!).toBeLessThan(small.high! - small.low!);
  });

  it('thins an hour of seconds against another to at most MAX_PAIRS differences, and still brackets the shift', () => {
    const hour = (at: number) => Array.from({ length: 3600 }, (_, i) => at + ((i * 7919) % 1009));
    const s = hodgesLehmann(hour(50_000), hour(50_500))!;
    expect(Math.abs(s.estimate - 500)).toBeLessThan(20);
    expect(s.low!).toBeLessThan(500);
    expect(s.high!).toBeGreaterThan(500);
    expect(Math.floor(3600 * Math.sqrt(MAX_PAIRS / 3600 ** 2)) ** 2).toBeLessThanOrEqual(MAX_PAIRS);
  });
});
