import { useDeferredValue, useMemo } from 'react';
import type { LiveSample } from '../../../app/protocol/bridge';
import { useKv } from '../store/store';
import { inWindow } from './shape';
import { windowSeconds } from './windows';

/**
 * The live samples inside the chosen window, for charts. Deferred: the store
 * update renders tiles and tables at once, and the charts follow in a
 * background render React can interrupt, so drawing never blocks input.
 */
export function useWindowedSamples(): readonly LiveSample[] {
  const samples = useDeferredValue(useKv((s) => s.live.samples));
  const win = useKv((s) => s.view.window);
  return useMemo(() => inWindow(samples, windowSeconds(win)), [samples, win]);
}
