import { describe, expect, it } from 'vitest';
import { lateTrendOf, trendOf, verdictOf } from '../../bench/serve-soak/trend';
import { MIB } from '../../app/report/numbers';

const SOAK_SECONDS = 1800;
const EVERY_SECONDS = 5;

/** RSS every 5 s over a half-hour soak, from a curve in MiB, with a GC's sawtooth of ±1 MiB on it. */
function soak(mibAt: (second: number) => number): { second: number; bytes: number }[] {
  const out = [];
  for (let second = 0; second <= SOAK_SECONDS; second += EVERY_SECONDS) {
    const sawtooth = ((second / EVERY_SECONDS) % 6) / 3 - 1;
    out.push({ second, bytes: (mibAt(second) + sawtooth) * MIB });
  }
  return out;
}

const judged = (mibAt: (s: number) => number) => {
  const t = trendOf(soak(mibAt), SOAK_SECONDS);
  const late = lateTrendOf(t);
  return { whole: t.mibPerHour, late: late.mibPerHour, verdict: verdictOf(late) };
};

describe("bench:serve-soak's verdict", () => {
  it('misses a leak, which keeps its slope in the later half', () => {
    const r = judged((s) => 75 + (20 * s) / 3600);
    expect(r.late).toBeCloseTo(20, 0);
    expect(r.verdict.result).toBe('MISS');
    expect(r.verdict.line).toMatch(/^MISS: kvscope serve's RSS grows \+20\.\d\d MiB\/h in the later half/);
  });

  it('passes a curve that flattens, whose slope over the whole steady part alone would miss', () => {
    // +20 MiB approached with a 5-minute time constant, then flat: a working size reached, not a leak.
    const r = judged((s) => 75 + 20 * (1 - Math.exp(-s / 300)));
    expect(r.whole).toBeGreaterThan(10);
    expect(r.late).toBeLessThan(4);
    expect(r.verdict.result).toBe('PASS');
  });

  it('is unresolved when the later half is too short to carry a trend', () => {
    const t = trendOf(soak(() => 75).slice(0, 100), 500);
    expect(verdictOf(lateTrendOf(t)).line).toMatch(/^UNRESOLVED: the later half of the steady part is \d+ s, under the 600 s/);
  });

  it('says "no slope" rather than NaN when the later half holds two samples', () => {
    const samples = [0, 5, 10, 15, 19.99, 25, 30].map((second) => ({ second, bytes: 75 * MIB }));
    const late = lateTrendOf(trendOf(samples, 30));
    expect(late.steady).toHaveLength(2);
    const v = verdictOf(late);
    expect(v.result).toBe('UNRESOLVED');
    expect(v.line).toContain('(no slope;');
    expect(v.line).not.toContain('NaN');
  });
});
