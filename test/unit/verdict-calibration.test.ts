import { describe, expect, it } from 'vitest';
import { Rng } from '../../workers/load/keys';
import { tTwoSided } from '../../app/stats/student-t';
import { runsVerdict, secondsVerdict, SIGNIFICANCE } from '../../app/stats/verdict';

/** Seeded trials per property: enough that 5 % is 10 of them. */
const TRIALS = 200;
const SECONDS = 30;
const LEVEL = 50_000;
/** Run-to-run noise: each run's level is off by this standard deviation (a shared machine's spread). */
const RUN_NOISE = 0.1;
/** Noise of one second around its run's level, and how much a second resembles the one before (AR(1)). */
const SECOND_NOISE = 0.03;
const RHO = 0.7;

/** A standard normal draw (Box-Muller) from the seeded generator. */
function normal(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** One run's per-second ops/s: its own level (run noise), then autocorrelated seconds around it. */
function run(rng: Rng, level: number, runNoise = RUN_NOISE, seconds = SECONDS): number[] {
  const runLevel = level * (1 + runNoise * normal(rng));
  const out: number[] = [];
  let e = normal(rng);
  for (let i = 0; i < seconds; i++) {
    out.push(runLevel * (1 + SECOND_NOISE * e));
    e = RHO * e + Math.sqrt(1 - RHO * RHO) * normal(rng);
  }
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

/** How often `judge` calls a pair of groups significant over the seeded trials. */
function rate(seed: number, judge: (a: number[][], b: number[][]) => boolean, make: (rng: Rng) => [number[][], number[][]]): number {
  const rng = new Rng(seed);
  let hits = 0;
  for (let t = 0; t < TRIALS; t++) if (judge(...make(rng))) hits++;
  return hits / TRIALS;
}

const byRuns = (a: number[][], b: number[][]) =>
  runsVerdict(a.map(mean), b.map(mean), [a.length * SECONDS, b.length * SECONDS]).significant;
/** The way verdicts must not judge: every second of a side pooled, as if each were an independent draw. */
function pooledSeconds(a: number[][], b: number[][]): boolean {
  const x = a.flat();
  const y = b.flat();
  const v = (xs: number[], m: number) => xs.reduce((s, q) => s + (q - m) ** 2, 0) / (xs.length - 1);
  const se = Math.sqrt(v(x, mean(x)) / x.length + v(y, mean(y)) / y.length);
  return tTwoSided((mean(y) - mean(x)) / se, x.length + y.length - 2) < SIGNIFICANCE;
}
const groups = (n: number, m: number, shift: number) => (rng: Rng) =>
  [Array.from({ length: n }, () => run(rng, LEVEL)), Array.from({ length: m }, () => run(rng, LEVEL * (1 + shift)))] as [
    number[][],
    number[][],
  ];

describe('verdicts on runs, calibrated on synthetic runs', () => {
  it('calls A/A groups of 3 vs 3 runs (10 % run noise, autocorrelated seconds) significant in at most 5 % of trials', () => {
    expect(rate(1, byRuns, groups(3, 3, 0))).toBeLessThanOrEqual(0.05);
  });

  it('where pooling the seconds (as if independent) calls most of the same A/A pairs significant', () => {
    expect(rate(1, pooledSeconds, groups(3, 3, 0))).toBeGreaterThan(0.5);
  });

  it('finds a real 15 % shift over 5 vs 5 runs in at least 80 % of trials (run noise 5 %)', () => {
    const make = (rng: Rng) =>
      [Array.from({ length: 5 }, () => run(rng, LEVEL, 0.05)), Array.from({ length: 5 }, () => run(rng, LEVEL * 1.15, 0.05))] as [
        number[][],
        number[][],
      ];
    expect(rate(2, byRuns, make)).toBeGreaterThanOrEqual(0.8);
  });

  it('finds the same shift at 10 % run noise less often, as no test on 5 runs a side can do better (power about 0.6)', () => {
    const r = rate(3, byRuns, groups(5, 5, 0.15));
    expect(r).toBeGreaterThan(0.25);
    expect(r).toBeLessThan(0.8);
  });
});

/** A minute-long run: with seconds this alike, 30 of them are worth only a few independent values. */
const LONG_RUN = 60;

describe('one run a side: seconds counted at their effective number', () => {
  const pair = (rng: Rng) => [[run(rng, LEVEL, 0, LONG_RUN)], [run(rng, LEVEL, 0, LONG_RUN)]] as [number[][], number[][]];
  const bySeconds = (a: number[][], b: number[][]) => secondsVerdict(a[0], b[0]).significant;

  it('calls A/A pairs of autocorrelated seconds (no run noise) significant near the nominal 5 %', () => {
    expect(rate(4, bySeconds, pair)).toBeLessThanOrEqual(0.08);
  });

  it('where treating the seconds as independent calls many of the same pairs significant', () => {
    expect(rate(4, pooledSeconds, pair)).toBeGreaterThan(0.2);
  });

  it('finds a 15 % shift between two steady runs (seconds noise 3 %, lag-1 0.7)', () => {
    const make = (rng: Rng) => [[run(rng, LEVEL, 0, LONG_RUN)], [run(rng, LEVEL * 1.15, 0, LONG_RUN)]] as [number[][], number[][]];
    expect(rate(5, bySeconds, make)).toBeGreaterThanOrEqual(0.8);
  });
});
