import type { WindowRows } from '../chart-data/chartRows';
import { useKv } from '../store/store';

/**
 * The chart rows inside the chosen window: the one cut the store keeps
 * (store/windowCut.ts), so every panel gets the same object for a second.
 * Not deferred: a new second redraws only the series layers (bench:ui), so
 * one render pass with the tiles costs less than React rendering the tree
 * twice.
 */
export function useWindowedRows(): WindowRows {
  return useKv((s) => s.cut);
}
