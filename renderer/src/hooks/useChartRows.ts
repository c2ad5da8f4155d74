import { useMemo, useState } from 'react';
import type { WindowRows } from '../chart-data/chartRows';
import { downsample, newBucketMemo, reducers } from '../chart-data/downsample';
import type { Row } from '../chart-data/row';
import type { TimeFrame } from '../chart-data/timeFrame';
import { windowSeconds } from '../chart-data/windows';
import type { ChartSpec } from '../charts/spec';
import { useKv } from '../store/store';
import { useWindowedRows } from './useWindowedRows';

/** Which of the window's parallel row sets a chart draws (chartRows.ts). */
type RowSet = 'cluster' | 'nodes' | 'latency' | 'memory' | 'places';
/** A chart whose series follow the window (the nodes or workers in view), from the cut and the picked rows. */
type SpecOf = (cut: WindowRows, rows: readonly Row[]) => ChartSpec;

interface ChartData {
  spec: ChartSpec;
  rows: Row[];
  /** The chosen window, sliding on the run's clock. */
  frame: TimeFrame;
}

/**
 * A Live chart's spec, rows and time frame: the window's rows, picked,
 * thinned for display. A `spec` function must be stable (a module constant),
 * so the rows are thinned once per cut, i.e. once per second or window
 * change, and not on the renders a panel's other state causes.
 */
export function useChartRows(spec: ChartSpec | SpecOf, pick: RowSet): ChartData {
  const cut = useWindowedRows();
  const width = useKv((s) => windowSeconds(s.view.window));
  const clock0 = useKv((s) => s.live.run?.clock0);
  const [memo] = useState(newBucketMemo);
  const frame = useMemo((): TimeFrame => (clock0 === undefined ? { width } : { width, clock0 }), [width, clock0]);
  return useMemo(() => {
    const rows = cut[pick];
    const chart = typeof spec === 'function' ? spec(cut, rows) : spec;
    return { spec: chart, rows: downsample(rows, reducers(chart), memo), frame };
  }, [cut, spec, pick, memo, frame]);
}
