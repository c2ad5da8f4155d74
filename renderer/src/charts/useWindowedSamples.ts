import { useMemo } from 'react';
import type { LiveSample } from '../../../app/protocol/bridge';
import { useKv } from '../store/store';
import { inWindow } from './shape';
import { windowSeconds } from './windows';

/**
 * The live samples inside the chosen window, for charts. Not deferred: a new
 * second redraws only the series layers (bench:ui), so one render pass with
 * the tiles costs less than React rendering the tree twice.
 */
export function useWindowedSamples(): readonly LiveSample[] {
  const samples = useKv((s) => s.live.samples);
  const win = useKv((s) => s.view.window);
  return useMemo(() => inWindow(samples, windowSeconds(win)), [samples, win]);
}
