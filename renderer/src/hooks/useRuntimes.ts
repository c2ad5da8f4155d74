import type { InstallResult, RuntimeOption } from '../../../app/protocol/bridge';
import type { InstallState } from './useInstall';
import { useInstallable, type Installable } from './useInstallable';

type Installed = Extract<InstallResult, { ok: true }>;

const RUNTIMES: Installable<RuntimeOption, Installed> = {
  channel: 'runtimeInstall',
  list: (bridge) => bridge.listRuntimes({}),
  install: (bridge, version) => bridge.installRuntime({ version }),
  after: (r) => r.options,
};

/** The Node runtimes main offers (system, installed versions, added paths) and an install the user asked for. */
export function useRuntimes(): {
  options: RuntimeOption[] | null;
  install: InstallState | null;
  /** Resolves to the installed version, or null when it failed. */
  installVersion(version: string): Promise<string | null>;
} {
  const { options, install, installOne } = useInstallable(RUNTIMES);
  return { options, install, installVersion: async (version) => (await installOne(version))?.version ?? null };
}
