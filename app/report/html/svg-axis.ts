import { latencyLogTick, latencyTickFormat, MILLISECONDS } from '../latency-format';
import { US_PER_MS } from '../numbers';

/** An SVG chart's value axis. */
export interface SvgAxis {
  ticks: number[];
  /** A value's height on the axis, 0 at the bottom and 1 at the top. */
  at: (v: number) => number;
  label: (v: number) => string;
  /** What the caption says of the axis: its unit, except for latency, whose ticks carry theirs. */
  note: string;
}

/** Value ticks: 3 to 6 intervals of 1, 2, 2.5 or 5 × 10^k. */
const STEPS = [1, 2, 2.5, 5, 10];
const MAX_INTERVALS = 6;
/** Tolerance for float logs such as log10(1000) = 2.9999999999999996. */
const ROUNDING = 1e-9;

/** The smallest tick step that covers `max` in at most MAX_INTERVALS intervals. */
function tickStep(max: number): number {
  if (!(max > 0)) return 1;
  const decade = 10 ** Math.floor(Math.log10(max / MAX_INTERVALS));
  for (const s of STEPS) if (s * decade * MAX_INTERVALS >= max) return s * decade;
  return 10 * decade;
}

const plain = (v: number): string => (Math.abs(v) >= 1000 ? v.toLocaleString('en-US') : String(Number(v.toPrecision(4))));

/**
 * Linear from 0 to a round top, or on a log scale whole decades from the
 * lowest value above 0 to the highest (a client's ms beside a server's µs).
 * A chart in ms is a latency chart: its ticks say µs or ms.
 */
export function svgAxis(values: readonly number[], unit: string, scale: 'linear' | 'log'): SvgAxis {
  const latency = unit === MILLISECONDS;
  const top = Math.max(0, ...values);
  if (scale === 'log') {
    const positive = values.filter((v) => v > 0);
    const d0 = positive.length > 0 ? Math.floor(Math.log10(Math.min(...positive)) + ROUNDING) : 0;
    const d1 = Math.max(d0 + 1, positive.length > 0 ? Math.ceil(Math.log10(top) - ROUNDING) : 0);
    const ticks = Array.from({ length: d1 - d0 + 1 }, (_, i) => 10 ** (d0 + i));
    return {
      ticks,
      at: (v) => ((v > 0 ? Math.max(Math.log10(v), d0) : d0) - d0) / (d1 - d0),
      label: latency ? (v) => latencyLogTick(v * US_PER_MS) : plain,
      note: 'log scale',
    };
  }
  const step = tickStep(top);
  const yMax = Math.max(step, Math.ceil(top / step) * step);
  const ticks: number[] = [];
  for (let i = 0; i * step <= yMax + step / 2; i++) ticks.push(i * step);
  const ms = latencyTickFormat(step * US_PER_MS, yMax * US_PER_MS);
  return { ticks, at: (v) => v / yMax, label: latency ? (v) => ms(v * US_PER_MS) : plain, note: latency ? '' : unit };
}
