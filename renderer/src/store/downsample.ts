/** A chart row: `t` is the run second, every other key one series' value. */
export interface Row {
  t: number;
  [series: string]: number;
}

/** How a series is combined when several seconds share one drawn point. */
export type Reduce = 'mean' | 'max';

/** Points drawn per chart at most: enough for a smooth line at any window width, cheap to render. */
export const MAX_CHART_POINTS = 600;

/**
 * Fewer rows for display. Buckets are aligned to absolute seconds, so a bucket
 * keeps its place as new seconds arrive and the line does not shimmer. Rates
 * are averaged (the area under them is kept); series marked `max` keep their
 * peak, so a latency spike never vanishes from a long run.
 */
export function downsample(
  rows: readonly Row[],
  reduce: Readonly<Record<string, Reduce>>,
  maxPoints: number = MAX_CHART_POINTS,
): Row[] {
  if (rows.length <= maxPoints || rows.length === 0) return rows.slice();
  const span = rows[rows.length - 1].t - rows[0].t + 1;
  // maxPoints - 1 leaves room for the partial bucket alignment can create at the start.
  const size = Math.ceil(span / Math.max(1, maxPoints - 1));
  const out: Row[] = [];
  let start = 0;
  while (start < rows.length) {
    const bucket = Math.floor(rows[start].t / size);
    let end = start + 1;
    while (end < rows.length && Math.floor(rows[end].t / size) === bucket) end++;
    out.push(combine(rows, start, end, reduce));
    start = end;
  }
  return out;
}

function combine(rows: readonly Row[], start: number, end: number, reduce: Readonly<Record<string, Reduce>>): Row {
  const sums: Record<string, number> = {};
  const counts: Record<string, number> = {};
  for (let i = start; i < end; i++) {
    for (const [k, v] of Object.entries(rows[i])) {
      if (k === 't') continue;
      if (reduce[k] === 'max') sums[k] = k in sums ? Math.max(sums[k], v) : v;
      else sums[k] = (sums[k] ?? 0) + v;
      counts[k] = (counts[k] ?? 0) + 1;
    }
  }
  // The newest second of the bucket places the point, so the right edge is always "now".
  const row: Row = { t: rows[end - 1].t };
  for (const k of Object.keys(sums)) row[k] = reduce[k] === 'max' ? sums[k] : sums[k] / counts[k];
  return row;
}
