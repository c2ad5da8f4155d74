import { useMemo } from 'react';
import { inWindow, type WindowRows } from '../store/chartRows';
import { useKv } from '../store/store';
import { windowSeconds } from './windows';

/**
 * The chart rows inside the chosen window. Not deferred: a new second
 * redraws only the series layers (bench:ui), so one render pass with the
 * tiles costs less than React rendering the tree twice.
 */
export function useWindowedRows(): WindowRows {
  const rows = useKv((s) => s.live.rows);
  const win = useKv((s) => s.view.window);
  return useMemo(() => inWindow(rows, windowSeconds(win)), [rows, win]);
}
