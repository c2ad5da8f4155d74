import { describe, expect, it } from 'vitest';
import { cpuVerdict, floorLine, judge, quantile, type CpuRound } from '../../bench/cpu/verdict';

/** A round with kvscope at `ratio` times the bare loop's CPU per operation and main + monitor at `share` of its workers. */
function round(ratio: number, share = 0.01): CpuRound {
  const ops = 1000;
  const workers = 10_000 * ratio;
  return {
    kvscope: {
      cpuUsPerOp: (workers * (1 + share)) / ops,
      ops,
      opsPerSec: 100,
      cpu: { workers, main: workers * share, monitor: 0, keepers: 0 },
    } as never,
    bare: { ops, cpuUs: 10_000 * (1 + share) },
  };
}

describe('the CPU verdicts', () => {
  it('take quartiles between neighbours', () => {
    expect(quantile([5, 1, 3, 2, 4], 0.25)).toBe(2);
    expect(quantile([1, 2, 3, 4], 0.75)).toBeCloseTo(3.25);
    expect(quantile([7], 0.75)).toBe(7);
  });

  it('pass only when three quarters of the rounds are within the target and close together, miss when three quarters are beyond it', () => {
    expect(judge([0.99, 1.0, 1.01, 1.02, 1.05], 1.03, 0.06)).toBe('PASS');
    expect(judge([1.02, 1.04, 1.05, 1.06, 1.11], 1.03, 0.06)).toBe('MISS');
    expect(judge([0.8, 1.1, 1.2, 1.3, 1.5], 1.03, 0.06)).toBe('MISS');
    // Alternating single-server rounds this far apart judge nothing, whatever their median (0.924 here).
    expect(judge([0.975, 0.897, 1.24, 0.824, 0.924], 1.03, 0.06)).toBe('UNRESOLVED');
    expect(judge([0.9, 0.95, 1.06, 1.2, 1.25], 1.03, 0.06)).toBe('UNRESOLVED');
    expect(judge([0.0195, 0.019, 0.018], 0.02, 0.02, true)).toBe('PASS');
    expect(judge([0.02, 0.019, 0.018], 0.02, 0.02, true)).toBe('UNRESOLVED');
    expect(judge([0.02, 0.021, 0.019], 0.02, 0.02, true)).toBe('UNRESOLVED');
  });

  it('count the rounds: 5 of 7 within is not three quarters, however near the sixth is', () => {
    // Two rounds that print as 1.030 are just beyond; an upper quartile read between two rounds (1.029) would pass them.
    const rounds = [1.02, 1.017, 1.027, 1.0302, 1.028, 1.022, 1.0301];
    expect(quantile(rounds, 0.75)).toBeLessThanOrEqual(1.03);
    expect(judge(rounds, 1.03, 0.06)).toBe('UNRESOLVED');
    expect(judge([...rounds.slice(0, 6), 1.03], 1.03, 0.06)).toBe('PASS');
    const v = cpuVerdict(
      'as',
      rounds.map((r) => round(r)),
    );
    expect(v.lines.join('\n')).toMatch(/5 of 7 within the target, a pass needs three quarters\)\nUNRESOLVED: as /);
    expect(judge([1.04, 1.05, 1.06, 1.02, 1.03, 1.07, 1.08], 1.03, 0.06)).toBe('UNRESOLVED');
    expect(judge([1.04, 1.05, 1.06, 1.02, 1.031, 1.07, 1.08], 1.03, 0.06)).toBe('MISS');
  });

  it('say UNRESOLVED, and how to resolve it, where the rounds fall on both sides of the target', () => {
    const v = cpuVerdict(
      'x',
      [0.9, 0.95, 1.06, 1.2, 1.25].map((r) => round(r)),
    );
    expect(v.pass).toBe(false);
    expect(v.lines.join('\n')).toMatch(/^UNRESOLVED: x kvscope costs/m);
    expect(v.lines.join('\n')).toMatch(/more rounds \(or bench:clusters --paired\) before a verdict/);
    expect(
      cpuVerdict(
        'y',
        [1.0, 1.01, 1.0].map((r) => round(r)),
      ).lines.join('\n'),
    ).toMatch(/^PASS: y kvscope costs [\d.]+% more/m);
  });

  it("print the floor's median and spread, and kvscope's ratio over each round's floor", () => {
    const line = floorLine('x', [1.02, 1.01, 1.04], [1.0608, 1.0504, 1.04]);
    expect(line).toMatch(
      /^x: floor, .*: ratio 1\.020 \(median of 3; spread 1\.010 to 1\.040\); kvscope beyond the floor 1\.040 \(spread 1\.000 to 1\.040\)$/,
    );
  });
});
