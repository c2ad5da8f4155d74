import { useEffect } from 'react';
import type { Pushes } from '../../../app/protocol/bridge';
import { useBridge } from '../bridge/context';
import { useKv } from '../store/store';

/** Keeps the capacity search main last told of (after each step, and its end) for the Live page's capacity panel. */
export function useCapacity(): void {
  const { bridge } = useBridge();
  useEffect(
    () =>
      bridge.onPush((channel, data) => {
        if (channel !== 'capacity') return;
        // The listener is generic over channels; this one carries the capacity push's payload.
        useKv.getState().setCapacity(data as Pushes['capacity']);
      }),
    [bridge],
  );
}
