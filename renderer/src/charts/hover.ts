import { firstRowAt } from '../chart-data/chartRows';
import type { Row } from '../chart-data/row';

/** The row drawn nearest to second `t` (rows are in second order); undefined for no rows. */
export function nearestRow(rows: readonly Row[], t: number): Row | undefined {
  if (rows.length === 0) return undefined;
  const i = Math.min(firstRowAt(rows, t), rows.length - 1);
  const after = rows[i];
  const before = rows[i - 1];
  return before && t - before.t < after.t - t ? before : after;
}
