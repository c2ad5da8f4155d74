import { useMemo, useState } from 'react';
import type { WindowRows } from '../chart-data/chartRows';
import { downsample, newBucketMemo, reducers } from '../chart-data/downsample';
import type { Row } from '../chart-data/row';
import type { ChartSpec } from '../charts/spec';
import { useWindowedRows } from './useWindowedRows';

/** Which of the window's parallel row sets a chart draws (chartRows.ts). */
type RowSet = 'cluster' | 'nodes' | 'latency' | 'memory';
/** A chart whose series follow the window (the nodes or workers in view), from the cut and the picked rows. */
type SpecOf = (cut: WindowRows, rows: readonly Row[]) => ChartSpec;

interface ChartData {
  spec: ChartSpec;
  rows: Row[];
}

/**
 * A Live chart's spec and rows: the window's rows, picked, thinned for
 * display. A `spec` function must be stable (a module constant), so the rows
 * are thinned once per cut, i.e. once per second or window change, and not
 * on the renders a panel's other state causes.
 */
export function useChartRows(spec: ChartSpec | SpecOf, pick: RowSet): ChartData {
  const cut = useWindowedRows();
  const [memo] = useState(newBucketMemo);
  return useMemo(() => {
    const rows = cut[pick];
    const chart = typeof spec === 'function' ? spec(cut, rows) : spec;
    return { spec: chart, rows: downsample(rows, reducers(chart), memo) };
  }, [cut, spec, pick, memo]);
}
