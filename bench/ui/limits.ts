import { LIVE_SAMPLE_CAP, MAX_CHART_POINTS } from '../../app/metrics/limits';

/** Chart windows of the Live page (renderer/src/chart-data/windows.ts); null is the whole buffer. */
export const WINDOW_SECONDS: Readonly<Record<string, number | null>> = { '1m': 60, '5m': 300, '15m': 900, all: null };

export interface RendererLimits {
  sampleCap: number;
  maxChartPoints: number;
}

/** The window's buffer cap and chart point limit: the same constants the renderer imports. */
export function rendererLimits(): RendererLimits {
  return { sampleCap: LIVE_SAMPLE_CAP, maxChartPoints: MAX_CHART_POINTS };
}

/**
 * How many points the throughput chart must draw once seconds 0..last have
 * arrived: the window and the cap pick the seconds, then the downsampler's
 * contract (buckets of `ceil(span / (max - 1))` seconds aligned to absolute
 * seconds) sets the count. Checked against the page's data-points.
 */
export function expectedPoints(last: number, windowSeconds: number | null, limits: RendererLimits): number {
  let first = Math.max(0, last - limits.sampleCap + 1);
  if (windowSeconds !== null) first = Math.max(first, last - windowSeconds + 1);
  const n = last - first + 1;
  if (n <= limits.maxChartPoints) return n;
  const size = Math.ceil(n / Math.max(1, limits.maxChartPoints - 1));
  return Math.floor(last / size) - Math.floor(first / size) + 1;
}
