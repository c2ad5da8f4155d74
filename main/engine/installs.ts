import type { ClientInstallResult, ClientOption, InstallResult, Pushes } from '../../app/protocol/bridge';
import { clientLabel, parseClientSpec } from '../../app/scenario/client-version';
import { bareVersion } from '../../app/scenario/node-version';
import { errorMessage } from '../../app/error-message';
import { clientOptions, installClient } from '../config/client-cache';
import { addNodeVersion, runtimeOptions } from '../config/runtime-manager';

type Push = <C extends 'runtimeInstall' | 'clientInstall'>(channel: C, data: Pushes[C]) => void;

/**
 * What the dashboard may install when the user clicks Install: a Node
 * version or a client version, fetched from the npm registry into kvscope's
 * cache, one at a time, with progress pushed line by line. A scenario never
 * installs anything.
 */
export class Installs {
  private busy: string | undefined;

  constructor(private readonly push: Push) {}

  listRuntimes = async () => runtimeOptions();

  async installRuntime(p: { version: string }): Promise<InstallResult> {
    return this.one(`Node ${p.version}`, async () => {
      const r = await addNodeVersion(p.version, (line) => this.push('runtimeInstall', { version: p.version, line }));
      return { ok: true, version: bareVersion(r.version), options: runtimeOptions() };
    });
  }

  listClients = async (): Promise<ClientOption[]> => clientOptions();

  async installClient(p: { spec: string }): Promise<ClientInstallResult> {
    // The payload's pattern let it through; the range is checked here, as for a scenario.
    const spec = parseClientSpec(p.spec);
    if (typeof spec === 'string') return { ok: false, message: spec };
    return this.one(clientLabel(spec), async () => {
      await installClient(spec, (line) => this.push('clientInstall', { spec: p.spec, line }));
      return { ok: true, spec: clientLabel(spec), clients: await this.listClients() };
    });
  }

  private async one<R>(what: string, install: () => Promise<R>): Promise<R | { ok: false; message: string }> {
    if (this.busy) return { ok: false, message: `${this.busy} is being installed; wait for it to finish` };
    this.busy = what;
    try {
      return await install();
    } catch (err) {
      return { ok: false, message: errorMessage(err) };
    } finally {
      this.busy = undefined;
    }
  }
}
