import { useEffect } from 'react';
import { useBridge } from '../bridge/context';
import { useKv } from '../store/store';
import { errorMessage } from '../../../app/error-message';

/** Load the scenario catalog and the user's saved scenarios once the connection is open; a failure is retried on the next reconnect. */
export function useCatalog(): void {
  const { bridge } = useBridge();
  const connection = useKv((s) => s.connection);
  const loaded = useKv((s) => s.catalog !== null);
  useEffect(() => {
    if (connection !== 'open' || loaded) return;
    let alive = true;
    Promise.all([bridge.listScenarios({}), bridge.savedScenarios({})]).then(
      ([list, saved]) => {
        if (!alive) return;
        useKv.getState().setSaved(saved);
        useKv.getState().setCatalog(list);
      },
      (err: unknown) => alive && useKv.getState().setCatalogError(errorMessage(err)),
    );
    return () => {
      alive = false;
    };
  }, [bridge, connection, loaded]);
}
