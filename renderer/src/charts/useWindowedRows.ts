import { inWindow, type ChartRows, type WindowRows } from '../store/chartRows';
import { useKv } from '../store/store';
import { windowSeconds, type WindowId } from './windows';

/**
 * The last cut, shared: the three chart panels ask for the same window of
 * the same rows each second, and one cut (four slices, two sorted id lists)
 * serves them all. Rows never change in place, so the same array means the
 * same cut.
 */
let last: { rows: ChartRows; win: WindowId; cut: WindowRows } | null = null;

function cutOf(rows: ChartRows, win: WindowId): WindowRows {
  if (last?.rows !== rows || last.win !== win) last = { rows, win, cut: inWindow(rows, windowSeconds(win)) };
  return last.cut;
}

/**
 * The chart rows inside the chosen window. Not deferred: a new second
 * redraws only the series layers (bench:ui), so one render pass with the
 * tiles costs less than React rendering the tree twice.
 */
export function useWindowedRows(): WindowRows {
  const rows = useKv((s) => s.live.rows);
  const win = useKv((s) => s.view.window);
  return cutOf(rows, win);
}
