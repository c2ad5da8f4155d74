/*
 * Numbers for people, shared by the terminal and the window so the two never
 * disagree. Each formatter names the unit it takes.
 */

const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3600;
const KIB = 1024;
/** Bytes in a MiB: memory figures are printed in MiB everywhere. */
export const MIB = KIB * KIB;
/** Latencies are kept in microseconds (histograms, summaries) and drawn and exported in milliseconds. */
export const US_PER_MS = 1000;
/** A figure a run does not have (no measured second, no answered operation): never shown as 0. */
export const NO_FIGURE = '–';
/** For CSS widths and labels from 0..1 shares. */
export const PERCENT = 100;

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count or rate for tables: grouped digits, no decimals. */
export const fmtInt = (n: number): string => grouped.format(Math.round(n));

/** `1 slot`, `3 slots`: a count with its noun. */
export const countOf = (n: number, noun: string): string => `${fmtInt(n)} ${noun}${n === 1 ? '' : 's'}`;

/** Milliseconds with the precision that matters at that size. */
export function fmtMs(ms: number): string {
  if (ms < 10) return ms.toFixed(2);
  if (ms < 100) return ms.toFixed(1);
  return ms.toFixed(0);
}

/** A latency kept in microseconds (histograms, summaries), shown in milliseconds. */
export const fmtUsAsMs = (us: number): string => fmtMs(us / US_PER_MS);

/** A tile's value: a plain number (no grouping), so it reads back with parseFloat. */
export function plainNumber(n: number, decimals: number): string {
  return n.toFixed(decimals);
}

const PCT_STEPS = 10 * PERCENT;
/** A 0..1 share as a percentage to 0.1, rounded down: 99.96% of operations within 2 ms is not "100%". */
export const fmtPct = (share: number): string => `${Math.floor(share * PCT_STEPS + 1e-9) / (PCT_STEPS / PERCENT)}%`;
/** A 0..1 gauge (event-loop use, CPU of a core) as a whole percentage. */
export const fmtGaugePct = (share: number): string => `${Math.round(share * PERCENT)}%`;

/** Run seconds as m:ss, or h:mm:ss past the hour. */
export function fmtClock(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / SECONDS_PER_HOUR);
  const m = Math.floor((s % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const sec = String(s % SECONDS_PER_MINUTE).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Axis ticks: 1.2k, 3.4M. */
export function fmtCompact(n: number): string {
  const a = Math.abs(n);
  if (a >= 1e6) return `${+(n / 1e6).toFixed(1)}M`;
  if (a >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
  return `${+n.toFixed(a < 10 ? 2 : 1)}`;
}

/** Bytes in binary units, one decimal past bytes. */
export function fmtBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let v = bytes;
  let u = 0;
  while (v >= KIB && u < units.length - 1) {
    v /= KIB;
    u++;
  }
  return `${v.toFixed(u === 0 ? 0 : 1)} ${units[u]}`;
}
