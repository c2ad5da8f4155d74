import type { Comparison } from '../../../../app/stats/compare';
import { TOTAL } from '../../../../app/stats/series';
import type { SweptValue } from '../../../../app/plan/group';
import { cellText, plainValue } from '../../../../app/plan/grid';

export { rowChange } from '../../../../app/plan/grid';

/** A grid's throughput arranged as the chart and table draw it: a row per outer value, a column per inner combination. */
export interface GridShape {
  outer: string;
  columns: string[];
  rows: { value: string; ops: (number | null)[] }[];
}

/**
 * Each compared run (or, with repeats, group) is one cell: its mean ops/s
 * goes to its outer value's row, under its inner values' column. Rows and
 * columns keep the order the cells ran in.
 */
export function gridShape(settings: readonly string[], cells: readonly SweptValue[][], c: Comparison): GridShape {
  const total = (c.groups?.throughput ?? c.throughput).find((r) => r.op === TOTAL);
  const columns = [...new Set(cells.map((cell) => cellText(cell.slice(1))))];
  const rows = new Map<string, (number | null)[]>();
  cells.forEach((cell, i) => {
    const value = plainValue(cell[0]?.value);
    const row = rows.get(value) ?? columns.map(() => null);
    row[columns.indexOf(cellText(cell.slice(1)))] = total?.cells[i]?.mean ?? null;
    rows.set(value, row);
  });
  return { outer: settings[0] ?? '', columns, rows: [...rows].map(([value, ops]) => ({ value, ops })) };
}
