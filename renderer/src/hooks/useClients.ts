import { useCallback, useEffect, useState } from 'react';
import type { ClientOption } from '../../../app/protocol/bridge';
import { useBridge } from '../bridge/context';
import { useInstall, type InstallState } from './useInstall';

/**
 * The client versions main offers (bundled, and installed into kvscope's
 * cache) and an install the user asked for, with main's progress pushes.
 */
export function useClients(): {
  clients: ClientOption[] | null;
  install: InstallState | null;
  installClient(spec: string): Promise<boolean>;
} {
  const { bridge } = useBridge();
  const [clients, setClients] = useState<ClientOption[] | null>(null);
  const { install, start } = useInstall('clientInstall');
  useEffect(() => {
    let alive = true;
    bridge.listClients({}).then(
      (list) => alive && setClients(list),
      () => alive && setClients([]),
    );
    return () => {
      alive = false;
    };
  }, [bridge]);
  /** Resolves to whether the version is now installed. */
  const installClient = useCallback(
    async (spec: string) => {
      const r = await start(spec, () => bridge.installClient({ spec }));
      if (!r?.ok) return false;
      setClients(r.clients);
      return true;
    },
    [bridge, start],
  );
  return { clients, install, installClient };
}
