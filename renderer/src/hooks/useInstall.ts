import { useCallback, useEffect, useState } from 'react';
import type { Pushes } from '../../../app/protocol/bridge';
import { useBridge } from '../bridge/context';
import { errorMessage } from '../../../app/error-message';

/** Progress lines of an install kept on screen: the newest says where it is. */
const INSTALL_LINES_CAP = 20;

export interface InstallState {
  /** What is being installed, as its push names it: a Node version or a client spec. */
  what: string;
  busy: boolean;
  lines: string[];
  error: string | null;
}

export type InstallPush = 'runtimeInstall' | 'clientInstall';
const keyOf = (channel: InstallPush, data: unknown): string =>
  channel === 'runtimeInstall' ? (data as Pushes['runtimeInstall']).version : (data as Pushes['clientInstall']).spec;

/**
 * One install the user asked for and main's progress pushes for it: shared
 * by the Node and client fields. `start` resolves to the request's answer,
 * or null when it failed (the reason is in `install.error`).
 */
export function useInstall(channel: InstallPush) {
  const { bridge } = useBridge();
  const [install, setInstall] = useState<InstallState | null>(null);
  useEffect(
    () =>
      bridge.onPush((ch, data) => {
        if (ch !== channel) return;
        const line = (data as { line: string }).line;
        setInstall((i) => (i && i.what === keyOf(channel, data) ? { ...i, lines: [...i.lines, line].slice(-INSTALL_LINES_CAP) } : i));
      }),
    [bridge, channel],
  );
  const start = useCallback(async <R extends { ok: boolean }>(what: string, request: () => Promise<R | { ok: false; message: string }>) => {
    setInstall({ what, busy: true, lines: [], error: null });
    const r = await request().catch((err: unknown) => ({ ok: false as const, message: errorMessage(err) }));
    if ('message' in r && !r.ok) {
      const message = r.message;
      setInstall((i) => i && { ...i, busy: false, error: message });
      return null;
    }
    setInstall((i) => i && { ...i, busy: false });
    return r as R;
  }, []);
  return { install, start };
}
