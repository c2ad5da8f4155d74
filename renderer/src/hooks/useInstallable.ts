import { useCallback, useEffect, useState } from 'react';
import type { Bridge } from '../../../app/protocol/bridge';
import { useBridge } from '../bridge/context';
import { useInstall, type InstallState, type InstallPush } from './useInstall';

/** How one list is read from main, and how one of its entries is installed. */
export interface Installable<T, R extends { ok: true }> {
  channel: InstallPush;
  list(bridge: Bridge): Promise<T[]>;
  install(bridge: Bridge, what: string): Promise<R | { ok: false; message: string }>;
  /** The list after an install, as the install's answer carries it. */
  after(r: R): T[];
}

/**
 * A list main offers (Node runtimes, client versions) and an install the
 * user asked for, with main's progress pushes: the Node and client fields'
 * one implementation. `kind` is a module constant, so its functions are stable.
 */
export function useInstallable<T, R extends { ok: true }>(
  kind: Installable<T, R>,
): { options: T[] | null; install: InstallState | null; installOne(what: string): Promise<R | null> } {
  const { bridge } = useBridge();
  const [options, setOptions] = useState<T[] | null>(null);
  const { install, start } = useInstall(kind.channel);
  useEffect(() => {
    let alive = true;
    kind.list(bridge).then(
      (list) => alive && setOptions(list),
      () => alive && setOptions([]),
    );
    return () => {
      alive = false;
    };
  }, [bridge, kind]);
  /** Resolves to the install's answer, or null when it failed (the reason is in `install.error`). */
  const installOne = useCallback(
    async (what: string) => {
      const r = await start(what, () => kind.install(bridge, what));
      if (!r?.ok) return null;
      setOptions(kind.after(r));
      return r;
    },
    [bridge, start, kind],
  );
  return { options, install, installOne };
}
