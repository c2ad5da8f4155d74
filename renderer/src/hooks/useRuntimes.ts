import { useCallback, useEffect, useState } from 'react';
import type { RuntimeOption } from '../../../app/protocol/bridge';
import { useBridge } from '../bridge/context';
import { useInstall, type InstallState } from './useInstall';

/**
 * The Node runtimes main offers (system, installed versions, added paths)
 * and an install the user asked for, with main's progress pushes. Its own
 * stream: no other part of the window needs it.
 */
export function useRuntimes(): {
  options: RuntimeOption[] | null;
  install: InstallState | null;
  installVersion(version: string): Promise<string | null>;
} {
  const { bridge } = useBridge();
  const [options, setOptions] = useState<RuntimeOption[] | null>(null);
  const { install, start } = useInstall('runtimeInstall');
  useEffect(() => {
    let alive = true;
    bridge.listRuntimes({}).then(
      (list) => alive && setOptions(list),
      () => alive && setOptions([]),
    );
    return () => {
      alive = false;
    };
  }, [bridge]);
  /** Resolves to the installed version, or null when it failed. */
  const installVersion = useCallback(
    async (version: string) => {
      const r = await start(version, () => bridge.installRuntime({ version }));
      if (!r?.ok) return null;
      setOptions(r.options);
      return r.version;
    },
    [bridge, start],
  );
  return { options, install, installVersion };
}
