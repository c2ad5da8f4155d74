import type { Row } from '../store/downsample';

/** The row drawn nearest to second `t` (rows are in second order); undefined for no rows. */
export function nearestRow(rows: readonly Row[], t: number): Row | undefined {
  if (rows.length === 0) return undefined;
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].t < t) lo = mid + 1;
    else hi = mid;
  }
  const after = rows[lo];
  const before = rows[lo - 1];
  return before && t - before.t < after.t - t ? before : after;
}
