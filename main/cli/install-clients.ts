import { clientLabel, targetClient, type ClientSpec } from '../../app/scenario/client-version';
import type { Scenario } from '../../app/scenario/schema';
import { clientModuleDir, installClient } from '../config/client-cache';
import { installing } from './subcommands';

/**
 * `kvscope run` installs the client versions its scenarios name (target.client)
 * before the first run starts, saying so on stderr: once each, into kvscope's
 * cache. A version npm cannot fetch is bad usage (exit 2), nothing started.
 */
export async function installNamedClients(scenarios: readonly Scenario[], say: (line: string) => void): Promise<void> {
  const missing = new Map<string, ClientSpec>();
  for (const s of scenarios) {
    const spec = targetClient(s.target);
    if (spec && !clientModuleDir(spec)) missing.set(clientLabel(spec), spec);
  }
  for (const [label, spec] of missing) {
    say(`${label} is not installed yet: installing it once (kvscope clients add ${label})`);
    await installing(installClient(spec, say));
  }
}
