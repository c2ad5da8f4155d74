import { useMemo } from 'react';
import type { LiveSample } from '../../../app/protocol/bridge';
import { useKv } from '../store/store';
import { inWindow } from './shape';
import { windowSeconds } from './windows';

/** The live samples inside the chosen window; a new array only when the samples or the window change. */
export function useWindowedSamples(): readonly LiveSample[] {
  const samples = useKv((s) => s.live.samples);
  const win = useKv((s) => s.view.window);
  return useMemo(() => inWindow(samples, windowSeconds(win)), [samples, win]);
}
