import type { CompareView } from '../../../../app/protocol/bridge';
import { PALETTE, type ChartSpec } from '../../charts/spec';
import type { Row } from '../../chart-data/row';
import { runTitle } from '../../../../app/run/title';

const runKey = (i: number): string => `r${i}`;

/**
 * Series of several runs as chart rows by measured second, counted from 0 as
 * the Live charts count run seconds; a run that has ended, or a second a run
 * has no figure for (null), leaves its key out.
 */
export function alignedRows(series: readonly (readonly (number | null)[] | null)[]): Row[] {
  const length = Math.max(0, ...series.map((s) => s?.length ?? 0));
  const rows: Row[] = [];
  for (let t = 0; t < length; t++) {
    const row: Row = { t };
    series.forEach((s, i) => {
      const v = s && t < s.length ? s[t] : null;
      if (v !== null) row[runKey(i)] = v;
    });
    rows.push(row);
  }
  return rows;
}

/** One line per run, the baseline solid and the candidates dashed, colors in run order. */
export function overlaySpec(title: string, yUnit: string, names: readonly string[], baseline: number): ChartSpec {
  return {
    title,
    kind: 'line',
    yUnit,
    series: names.map((name, i) => ({
      key: runKey(i),
      label: i === baseline ? `${name} (base)` : name,
      color: PALETTE[i % PALETTE.length],
      unit: yUnit,
      stroke: i === baseline ? 'solid' : 'dashed',
    })),
  };
}

export const runNames = (v: CompareView): string[] => v.comparison.runs.map(runTitle);
