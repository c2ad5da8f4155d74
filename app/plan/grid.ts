import type { Sweep } from './sweep';
import type { SweptValue } from './group';

/**
 * The cells of a grid sweep: every combination of the settings' values, the
 * first setting outermost (it changes slowest), so a grid's runs come outer
 * value by outer value, as its comparison groups them.
 */
export function gridCells(sweeps: readonly Sweep[]): SweptValue[][] {
  let cells: SweptValue[][] = [[]];
  for (const s of sweeps) cells = cells.flatMap((cell) => s.values.map((value) => [...cell, { setting: s.setting, value }]));
  return cells;
}

/** A setting's value as a person writes it: `async`, not `"async"`. */
export const plainValue = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'unset'));

/** A cell against the first of its row, as `+12.5%`; '' for the first itself or when either is missing. */
export function rowChange(ops: readonly (number | null)[], i: number): string {
  const base = ops[0];
  const v = ops[i];
  if (i === 0 || base === null || v === null || base === 0) return '';
  const pct = (v / base - 1) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

/** `valueSize=1024 pipelining=true`: what sets a cell apart, as run names, labels and tables show it. */
export const cellText = (cell: readonly SweptValue[]): string => cell.map((c) => `${c.setting}=${plainValue(c.value)}`).join(' ');
