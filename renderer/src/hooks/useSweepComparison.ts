import { useEffect } from 'react';
import type { Pushes } from '../../../app/protocol/bridge';
import { useBridge } from '../bridge/context';
import { useKv } from '../store/store';

const MIN_COMPARED = 2;
const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** When a sweep's last run ends, its comparison opens by itself: one run per value, the first value the baseline. */
export function useSweepComparison(): void {
  const { bridge } = useBridge();
  useEffect(
    () =>
      bridge.onPush((channel, data) => {
        if (channel !== 'groupEnded') return;
        // The listener is generic over channels; this one carries groupEnded's payload.
        const { group, compare, values } = data as Pushes['groupEnded'];
        if (group.kind !== 'sweep' || !group.setting || compare.length < MIN_COMPARED) return;
        const setting = group.setting;
        bridge.compareRuns({ ids: compare, baseline: 0 }).then(
          (view) => useKv.getState().showComparison({ ids: compare, baseline: 0, view, sweep: { setting, values } }),
          (err: unknown) => useKv.getState().noteError(`could not compare the sweep: ${message(err)}`),
        );
      }),
    [bridge],
  );
}
