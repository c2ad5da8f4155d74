import { useEffect, useState } from 'react';

/**
 * Delay between chart slots: a little over one frame at 60 Hz, so charts
 * updated by the same second redraw in different frames. Slot 2 lands before
 * the next batch (BATCH_MS) can replace its value.
 */
export const STAGGER_MS = 20;

/**
 * The value as a chart in `slot` should draw it. Redrawing every chart in the
 * frame that received the data blocks that frame for the sum of their costs;
 * taking turns spreads it, so no single frame carries more than one chart.
 */
export function useStaggered<T>(value: T, slot: number): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (slot === 0) return;
    const id = setTimeout(() => setShown(value), slot * STAGGER_MS);
    return () => clearTimeout(id);
  }, [value, slot]);
  return slot === 0 ? value : shown;
}
