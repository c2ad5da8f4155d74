import { useEffect } from 'react';
import { useBridge } from '../bridge/context';
import { useKv } from '../store/store';

/**
 * Ask main once what this machine has for local clusters (a hint on the
 * Scenarios page; without it they are simply not described). Its own effect:
 * sharing the catalog's would drop the answer when the catalog arrives first.
 */
export function useLocalTools(): void {
  const { bridge } = useBridge();
  const connection = useKv((s) => s.connection);
  const loaded = useKv((s) => s.localTools !== null);
  useEffect(() => {
    if (connection !== 'open' || loaded) return;
    let alive = true;
    bridge.localTools({}).then(
      (tools) => alive && useKv.getState().setLocalTools(tools),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [bridge, connection, loaded]);
}
