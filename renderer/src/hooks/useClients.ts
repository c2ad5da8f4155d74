import type { ClientInstallResult, ClientOption } from '../../../app/protocol/bridge';
import type { InstallState } from './useInstall';
import { useInstallable, type Installable } from './useInstallable';

type Installed = Extract<ClientInstallResult, { ok: true }>;

const CLIENTS: Installable<ClientOption, Installed> = {
  channel: 'clientInstall',
  list: (bridge) => bridge.listClients({}),
  install: (bridge, spec) => bridge.installClient({ spec }),
  after: (r) => r.clients,
};

/** The client versions main offers (bundled, and installed into kvscope's cache) and an install the user asked for. */
export function useClients(): {
  clients: ClientOption[] | null;
  install: InstallState | null;
  /** Resolves to whether the version is now installed. */
  installClient(spec: string): Promise<boolean>;
} {
  const { options, install, installOne } = useInstallable(CLIENTS);
  return { clients: options, install, installClient: async (spec) => (await installOne(spec)) !== null };
}
