import { describe, expect, it } from 'vitest';
import { incompleteBeta, tQuantileTwoSided, tTwoSided } from '../../app/stats/student-t';
import { effectiveN, lag1, MAX_LAG1 } from '../../app/stats/dependence';

describe("Student's t", () => {
  it('gives the two-sided tails of the printed tables', () => {
    // t tables: 12.706 (df 1), 2.776 (df 4), 2.228 (df 10), 1.960 (df ∞) at 0.05 two-sided.
    expect(tTwoSided(12.706, 1)).toBeCloseTo(0.05, 4);
    expect(tTwoSided(2.776, 4)).toBeCloseTo(0.05, 4);
    expect(tTwoSided(2.228, 10)).toBeCloseTo(0.05, 4);
    expect(tTwoSided(1.96, 1e6)).toBeCloseTo(0.05, 4);
    expect(tTwoSided(0, 5)).toBe(1);
    expect(tTwoSided(Infinity, 5)).toBe(0);
  });

  it('inverts the tail: the 95 % quantiles of the tables', () => {
    expect(tQuantileTwoSided(0.05, 4)).toBeCloseTo(2.7764, 3);
    expect(tQuantileTwoSided(0.05, 10)).toBeCloseTo(2.2281, 3);
    expect(tQuantileTwoSided(0.01, 20)).toBeCloseTo(2.845, 3);
  });

  it('has an incomplete beta with I_x(1, 1) = x and the symmetry I_x(a, b) = 1 − I_(1−x)(b, a)', () => {
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(incompleteBeta(0.2, 2.5, 4) + incompleteBeta(0.8, 4, 2.5)).toBeCloseTo(1, 12);
  });
});

describe('effective sample size of dependent seconds', () => {
  it('counts independent-looking seconds at about their number, a drift at a handful', () => {
    const alternating = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 1 : -1));
    expect(lag1(alternating)).toBe(0);
    expect(effectiveN(alternating)).toBe(40);
    const ramp = Array.from({ length: 40 }, (_, i) => i);
    expect(lag1(ramp)).toBe(MAX_LAG1);
    expect(effectiveN(ramp)).toBeLessThan(2);
  });
});
