import { useEffect } from 'react';
import type { Bridge, Pushes } from '../../../app/protocol/bridge';
import { MAX_RUNS, MIN_RUNS } from '../../../app/stats/compare';
import { useBridge } from '../bridge/context';
import { useKv, type OpenComparison } from '../store/store';
import { errorMessage } from '../../../app/error-message';
import type { SweptValue } from '../../../app/plan/group';

/**
 * When the last run of a repeat or sweep ends, its comparison opens by
 * itself: a sweep's values (one run each, or with repeats each value's runs
 * as a group, the first value the baseline), or a repeat's runs with their
 * median, spread and outliers.
 */
/** The files the group's runs were written to (the push names runs by id; requests name them by file). */
async function filesOf(bridge: Bridge, ids: string[]): Promise<string[]> {
  const runs = await bridge.listRuns({});
  return ids.map((id) => {
    const hit = runs.find((r) => r.id === id && r.status !== 'unreadable');
    if (!hit) throw new Error(`run ${id} is not in the library`);
    return hit.file;
  });
}

export function useGroupComparison(): void {
  const { bridge } = useBridge();
  useEffect(
    () =>
      bridge.onPush((channel, data) => {
        if (channel !== 'groupEnded') return;
        // The listener is generic over channels; this one carries groupEnded's payload.
        const { group, compare, values, runIds, groups } = data as Pushes['groupEnded'];
        // A grid's values are its cells (each compared run's every swept setting); a sweep's, the one setting's values.
        const grid =
          group.kind === 'sweep' && group.cell
            ? { settings: group.cell.map((c) => c.setting), cells: values as SweptValue[][] }
            : undefined;
        const sweep = group.kind === 'sweep' && group.setting && !grid ? { setting: group.setting, values } : undefined;
        const ids = sweep || grid ? compare : runIds.slice(0, MAX_RUNS);
        if (ids.length < MIN_RUNS) return;
        filesOf(bridge, ids)
          .then(async (files) => ({ files, view: await bridge.compareRuns({ files, baseline: 0, ...(groups ? { groups } : {}) }) }))
          .then(
            ({ files, view }) => {
              const open: OpenComparison = {
                files,
                baseline: 0,
                ...(groups ? { groups } : {}),
                view,
                ...(grid ? { grid } : sweep ? { sweep } : { repeat: true }),
              };
              useKv.getState().showComparison(open);
            },
            (err: unknown) => useKv.getState().noteError(`could not compare the ${group.kind}: ${errorMessage(err)}`),
          );
      }),
    [bridge],
  );
}
