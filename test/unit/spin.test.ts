import { describe, expect, it } from 'vitest';
import { spinRate, withSpin } from '../../bench/spin';
import { sensitivityLine } from '../../bench/sensitivity';

describe('the sensitivity spin (bench/spin.ts)', () => {
  it('learns a finite, positive rate of iterations per nanosecond', () => {
    const rate = spinRate();
    expect(Number.isFinite(rate)).toBe(true);
    expect(rate).toBeGreaterThan(0);
  });

  it('issues exactly one operation per call and hands back its result', () => {
    let calls = 0;
    const issue = withSpin(() => ++calls, 50);
    expect([issue(), issue(), issue()]).toEqual([1, 2, 3]);
    expect(calls).toBe(3);
  });
});

describe('the sensitivity line (bench/sensitivity.ts)', () => {
  it('puts the added cost beside what it read as, and their ratio', () => {
    // 100 ns of a 50 µs operation is 0.2 %; read as 1.010 it is read at five times its size.
    const line = sensitivityLine('x', 100, [
      { bareUsPerOp: 50, ratio: 1.01 },
      { bareUsPerOp: 50, ratio: 1.008 },
      { bareUsPerOp: 50, ratio: 1.012 },
    ]);
    expect(line).toBe(
      "x: sensitivity, 100 ns of pure CPU per operation (0.20% of the bare loop's CPU per operation) reads as ratio 1.010 " +
        '(median of 3; spread 1.008 to 1.012): read at 5.0 times its size in this pairing',
    );
  });
});
