import { useCallback, useEffect, useState } from 'react';
import type { Pushes, RuntimeOption } from '../../../app/protocol/bridge';
import { useBridge } from '../bridge/context';
import { errorMessage } from '../../../app/error-message';

/** Progress lines of an install kept on screen: the newest says where it is. */
const INSTALL_LINES_CAP = 20;

export interface RuntimeInstall {
  version: string;
  busy: boolean;
  lines: string[];
  error: string | null;
}

/**
 * The Node runtimes main offers (system, installed versions, added paths)
 * and an install the user asked for, with main's progress pushes. Its own
 * stream: no other part of the window needs it.
 */
export function useRuntimes(): {
  options: RuntimeOption[] | null;
  install: RuntimeInstall | null;
  installVersion(version: string): Promise<string | null>;
} {
  const { bridge } = useBridge();
  const [options, setOptions] = useState<RuntimeOption[] | null>(null);
  const [install, setInstall] = useState<RuntimeInstall | null>(null);
  useEffect(() => {
    let alive = true;
    bridge.listRuntimes({}).then(
      (list) => alive && setOptions(list),
      () => alive && setOptions([]),
    );
    const off = bridge.onPush((channel, data) => {
      if (channel !== 'runtimeInstall') return;
      const { version, line } = data as Pushes['runtimeInstall'];
      setInstall((i) => (i && i.version === version ? { ...i, lines: [...i.lines, line].slice(-INSTALL_LINES_CAP) } : i));
    });
    return () => {
      alive = false;
      off();
    };
  }, [bridge]);
  /** Resolves to the installed version, or null when it failed (the reason is in `install.error`). */
  const installVersion = useCallback(
    async (version: string) => {
      setInstall({ version, busy: true, lines: [], error: null });
      const r = await bridge.installRuntime({ version }).catch((err: unknown) => ({ ok: false as const, message: errorMessage(err) }));
      if (!r.ok) {
        setInstall((i) => i && { ...i, busy: false, error: r.message });
        return null;
      }
      setOptions(r.options);
      setInstall((i) => i && { ...i, busy: false });
      return r.version;
    },
    [bridge],
  );
  return { options, install, installVersion };
}
