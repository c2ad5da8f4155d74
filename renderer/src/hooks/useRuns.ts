import { useCallback, useEffect, useState } from 'react';
import type { RunListItem } from '../../../app/protocol/bridge';
import { useBridge } from '../bridge/context';
import { errorMessage } from '../../../app/error-message';

/** The library's runs, loaded when the page opens and again whenever a run ends. */
export function useRuns(): { runs: RunListItem[] | null; error: string | null; reload: () => void } {
  const { bridge } = useBridge();
  const [runs, setRuns] = useState<RunListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    bridge.listRuns({}).then(
      (r) => {
        setRuns(r);
        setError(null);
      },
      (err: unknown) => setError(`could not list the runs: ${errorMessage(err)}`),
    );
  }, [bridge]);
  useEffect(() => {
    reload();
    return bridge.onPush((channel) => {
      if (channel === 'runEnded') reload();
    });
  }, [bridge, reload]);
  return { runs, error, reload };
}
