import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../main/entries';

/**
 * The renderer's buffer cap and chart point limit, read from its source
 * rather than restated here: the renderer is a separate (Vite) build the
 * bench cannot import, and a copied number would silently go stale.
 */
const LIVE_STORE = 'renderer/src/store/live.ts';
const DOWNSAMPLE = 'renderer/src/store/downsample.ts';

/** Chart windows of the Live page (renderer/src/charts/windows.ts); null is the whole buffer. */
export const WINDOW_SECONDS: Readonly<Record<string, number | null>> = { '1m': 60, '5m': 300, '15m': 900, all: null };

export interface RendererLimits {
  sampleCap: number;
  maxChartPoints: number;
}

/** `export const NAME = 60 * 60;` -> 3600; only whole-number products, which is all these constants are. */
function readConstant(file: string, name: string): number {
  const text = readFileSync(join(packageRoot(), file), 'utf8');
  const m = new RegExp(`export const ${name}\\s*=\\s*([\\d_\\s*]+);`).exec(text);
  if (!m) throw new Error(`${file}: no numeric \`export const ${name}\``);
  return m[1].split('*').reduce((acc, part) => acc * Number(part.replace(/[_\s]/g, '')), 1);
}

export function rendererLimits(): RendererLimits {
  return { sampleCap: readConstant(LIVE_STORE, 'SAMPLE_CAP'), maxChartPoints: readConstant(DOWNSAMPLE, 'MAX_CHART_POINTS') };
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
