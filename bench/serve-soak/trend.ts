import { MIB } from '../../app/report/numbers';
import type { RssSample } from './rss';

const SECONDS_PER_HOUR = 3600;
/**
 * Left out of the slope: serve's first minutes, in which main compiles the
 * code of its first runs and imports, V8 grows its heap to a working size,
 * and the library's index and the live state fill; RSS climbs then for
 * reasons that do not repeat.
 */
export const WARMUP_SECONDS = 300;
/** A short soak (the smoke test) still gets a steady part: at most this share of it is warm-up. */
const WARMUP_SHARE_MAX = 1 / 3;
/** A part of the soak shorter than this is mostly one GC's rise and fall: its slope decides nothing (UNRESOLVED). */
export const MIN_STEADY_SECONDS = 600;
/** Two points make a line but no trend. */
export const MIN_STEADY_SAMPLES = 3;
/**
 * PASS under 10 MiB an hour: a dashboard left serving a working week (40 h)
 * grows by at most 400 MiB, which any machine that runs benchmarks carries,
 * while the +27 MB/h main once grew by (it kept every sample of a run)
 * misses by far.
 */
export const TARGET_MIB_PER_HOUR = 10;

export interface Trend {
  warmupSeconds: number;
  steady: readonly RssSample[];
  /** Least-squares slope of RSS over time in the steady part, MiB per hour; NaN with too few samples. */
  mibPerHour: number;
  /** Its standard error, MiB per hour (samples are not independent: a lower bound on the uncertainty). */
  stdErr: number;
}

/** Least squares of RSS (MiB) on time (hours); NaN with too few samples. */
function fit(samples: readonly RssSample[]): { mibPerHour: number; stdErr: number } {
  const n = samples.length;
  if (n < MIN_STEADY_SAMPLES) return { mibPerHour: NaN, stdErr: NaN };
  const hours = samples.map((s) => s.second / SECONDS_PER_HOUR);
  const mib = samples.map((s) => s.bytes / MIB);
  const mean = (xs: number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;
  const [mx, my] = [mean(hours), mean(mib)];
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (hours[i] - mx) ** 2;
    sxy += (hours[i] - mx) * (mib[i] - my);
  }
  const slope = sxy / sxx;
  const residuals = mib.reduce((a, y, i) => a + (y - (my + slope * (hours[i] - mx))) ** 2, 0);
  return { mibPerHour: slope, stdErr: Math.sqrt(residuals / (n - 2) / sxx) };
}

/** The samples after the warm-up, and their slope. */
export function trendOf(samples: readonly RssSample[], soakSeconds: number): Trend {
  const warmupSeconds = Math.min(WARMUP_SECONDS, soakSeconds * WARMUP_SHARE_MAX);
  const steady = samples.filter((s) => s.second >= warmupSeconds);
  return { warmupSeconds, steady, ...fit(steady) };
}

/**
 * The later half of the steady part, by time. A curve that flattens (code
 * main compiles for paths it meets late, pages of node's own binary touched
 * for the first time, malloc's arenas reaching their working size) has a
 * slope over the whole steady part that a day would never show; a leak keeps
 * its slope in the later half. The verdict is on this half.
 */
export function lateTrendOf(t: Trend): Trend {
  const from = t.steady.length ? (t.steady[0].second + t.steady[t.steady.length - 1].second) / 2 : 0;
  const late = t.steady.filter((s) => s.second >= from);
  return { warmupSeconds: t.warmupSeconds, steady: late, ...fit(late) };
}

export type Result = 'PASS' | 'MISS' | 'UNRESOLVED';

/** The verdict on the later half's slope; UNRESOLVED when that half is too short to carry a trend. */
export function verdictOf(t: Trend): { result: Result; line: string } {
  const span = t.steady.length ? t.steady[t.steady.length - 1].second - t.steady[0].second : 0;
  const slope = Number.isNaN(t.mibPerHour) ? 'no slope' : `${t.mibPerHour >= 0 ? '+' : ''}${t.mibPerHour.toFixed(2)} MiB/h`;
  if (!(span >= MIN_STEADY_SECONDS) || Number.isNaN(t.mibPerHour)) {
    const line = `UNRESOLVED: the later half of the steady part is ${span.toFixed(0)} s, under the ${MIN_STEADY_SECONDS} s a slope needs (${slope}; target under ${TARGET_MIB_PER_HOUR} MiB/h)`;
    return { result: 'UNRESOLVED', line };
  }
  const result = t.mibPerHour < TARGET_MIB_PER_HOUR ? 'PASS' : 'MISS';
  const side = result === 'PASS' ? 'under' : 'at or over';
  return {
    result,
    line: `${result}: kvscope serve's RSS grows ${slope} in the later half of the steady part, ${side} the ${TARGET_MIB_PER_HOUR} MiB/h target`,
  };
}
