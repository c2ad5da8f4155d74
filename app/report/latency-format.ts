/*
 * Latencies for people. A server answers a GET in a few microseconds while
 * a client waits milliseconds, so a latency is shown in µs below a
 * millisecond, always with its unit and at least two significant digits:
 * a few µs never reads as 0.
 */
import { fmtMs, US_PER_MS } from './numbers';

export const MICROSECONDS = 'µs';
export const MILLISECONDS = 'ms';
const SECONDS = 's';
const US_PER_S = US_PER_MS * US_PER_MS;
/** An axis reaching 10 s counts in seconds: "10000 ms" is wider than the axis has room for. */
const AXIS_SECONDS_FROM_US = 10 * US_PER_S;
/** A terminal table stays plain ASCII. */
const ASCII_MICROSECONDS = 'us';
export type LatencyUnit = typeof MICROSECONDS | typeof MILLISECONDS;

/** A latency's number and unit apart, for a tile that shows them in two places. */
export interface LatencyParts {
  value: string;
  unit: LatencyUnit;
}

const SIGNIFICANT = 2;
/** 0.1 µs steps are the finest an axis gets; beyond it toFixed would print noise. */
const MAX_DECIMALS = 6;
/** Tolerance for float logs such as log10(1000) = 2.9999999999999996. */
const ROUNDING = 1e-9;
const decimalsFor = (v: number): number => SIGNIFICANT - 1 - Math.floor(Math.log10(v) + ROUNDING);

/**
 * 0.52 µs, 3.2 µs, 48 µs, 480 µs, then milliseconds as fmtMs prints them
 * (1.30 ms, 25.0 ms, 250 ms). 999.6 µs is 1.00 ms, not 1000 µs.
 */
export function latencyParts(us: number): LatencyParts {
  if (us < 0) {
    // A difference of latencies: the magnitude picks the unit and the digits.
    const p = latencyParts(-us);
    return { value: `-${p.value}`, unit: p.unit };
  }
  if (us >= US_PER_MS - 0.5) return { value: fmtMs(us / US_PER_MS), unit: MILLISECONDS };
  const decimals = us > 0 ? Math.max(0, Math.min(MAX_DECIMALS, decimalsFor(us))) : 0;
  return { value: us.toFixed(decimals), unit: MICROSECONDS };
}

/** A latency in microseconds as text with its unit: "3.2 µs", "48 µs", "1.30 ms", "250 ms". */
export function fmtLatency(us: number): string {
  const p = latencyParts(us);
  return `${p.value} ${p.unit}`;
}

/** The same for a terminal, in plain ASCII: "3.2 us", "1.30 ms". */
export const fmtLatencyAscii = (us: number): string => fmtLatency(us).replace(MICROSECONDS, ASCII_MICROSECONDS);

/** An axis' unit for values up to `us`, and µs in that unit. */
function axisUnit(us: number): [string, number] {
  if (us < US_PER_MS) return [MICROSECONDS, 1];
  return us < AXIS_SECONDS_FROM_US ? [MILLISECONDS, US_PER_MS] : [SECONDS, US_PER_S];
}

/**
 * Labels for a linear latency axis from 0 whose ticks are `stepUs` apart up
 * to `topUs`: one unit for the whole axis (µs while its top is under a
 * millisecond, s from 10 s), and the decimals that keep two significant
 * digits of the step, so ticks 1 µs apart read 1.0 µs, 2.0 µs and ticks
 * 0.25 ms apart 0.25 ms, 0.50 ms. Zero is "0".
 */
export function latencyTickFormat(stepUs: number, topUs: number): (us: number) => string {
  const [unit, size] = axisUnit(topUs);
  const step = stepUs / size;
  const decimals = step > 0 && Number.isFinite(step) ? Math.max(0, Math.min(MAX_DECIMALS, decimalsFor(step))) : 0;
  return (us) => (us === 0 ? '0' : `${(us / size).toFixed(decimals)} ${unit}`);
}

/** A log axis' tick at a round value (1, 2 or 5 × a power of ten µs): its own unit, no trailing zeros: 1 µs, 10 µs, 1 ms, 500 ms, 10 s. */
export function latencyLogTick(us: number): string {
  const [unit, size] = axisUnit(us);
  return `${Number((us / size).toPrecision(SIGNIFICANT))} ${unit}`;
}
