import { MAX_CHART_POINTS } from '../../../app/metrics/limits';
import type { Reduce, ReducedSeries, Row } from './row';

/**
 * Fewer rows for display. Buckets are aligned to absolute seconds, so a bucket
 * keeps its place as new seconds arrive and the line does not shimmer. Rates
 * are averaged (the area under them is kept); series marked `max` keep their
 * peak, so a latency spike never vanishes from a long run.
 */
export function downsample(
  rows: readonly Row[],
  reduce: Readonly<Record<string, Reduce>>,
  memo: BucketMemo = newBucketMemo(),
  maxPoints: number = MAX_CHART_POINTS,
): Row[] {
  if (rows.length <= maxPoints || rows.length === 0) return rows.slice();
  const span = rows[rows.length - 1].t - rows[0].t + 1;
  // maxPoints - 1 leaves room for the partial bucket alignment can create at the start.
  const size = Math.ceil(span / Math.max(1, maxPoints - 1));
  const key = reduceKey(reduce);
  const out: Row[] = [];
  let start = 0;
  while (start < rows.length) {
    const bucket = Math.floor(rows[start].t / size);
    let end = start + 1;
    while (end < rows.length && Math.floor(rows[end].t / size) === bucket) end++;
    out.push(cachedCombine(memo, rows, start, end, size, key, reduce));
    start = end;
  }
  return out;
}

interface Combined {
  last: Row;
  count: number;
  size: number;
  key: string;
  row: Row;
}

/**
 * Combined buckets by their first row, kept by the chart that draws them.
 * Rows are shared and never change (chartRows.ts), so the same first and last
 * row, count, bucket size and reducers mean the same result: a long run
 * re-combines only its newest bucket each second instead of every bucket
 * (bench:ui, window "all"). Weak, so a bucket's entry goes with its rows.
 */
export type BucketMemo = WeakMap<Row, Combined>;
export const newBucketMemo = (): BucketMemo => new WeakMap();

function cachedCombine(
  combined: BucketMemo,
  rows: readonly Row[],
  start: number,
  end: number,
  size: number,
  key: string,
  reduce: Readonly<Record<string, Reduce>>,
): Row {
  const first = rows[start];
  const last = rows[end - 1];
  const hit = combined.get(first);
  if (hit && hit.last === last && hit.count === end - start && hit.size === size && hit.key === key) return hit.row;
  const row = combine(rows, start, end, reduce);
  combined.set(first, { last, count: end - start, size, key, row });
  return row;
}

function reduceKey(reduce: Readonly<Record<string, Reduce>>): string {
  let key = '';
  for (const k in reduce) key += `${k}=${reduce[k]};`;
  return key;
}

/** Hot for long runs (every row of every chart, once a second): plain loops, no per-row allocations. */
function combine(rows: readonly Row[], start: number, end: number, reduce: Readonly<Record<string, Reduce>>): Row {
  // The newest second of the bucket places the point, so the right edge is always "now".
  const acc: Row = { t: rows[end - 1].t };
  const counts: Record<string, number> = {};
  for (let i = start; i < end; i++) {
    const r = rows[i];
    for (const k in r) {
      if (k === 't') continue;
      const v = r[k];
      const c = counts[k];
      if (c === undefined) {
        acc[k] = v;
        counts[k] = 1;
      } else {
        acc[k] = reduce[k] === 'max' ? Math.max(acc[k], v) : acc[k] + v;
        counts[k] = c + 1;
      }
    }
  }
  for (const k in counts) if (reduce[k] !== 'max') acc[k] /= counts[k];
  return acc;
}

/** Each series' reducer, mean unless the series asks for its peak. */
export function reducers(chart: ReducedSeries): Record<string, Reduce> {
  return Object.fromEntries(chart.series.map((s) => [s.key, s.reduce ?? 'mean']));
}
