import { errorMessage } from '../../app/error-message';
import type { RunController } from '../engine/run-controller';
import { openAgentLink } from './agent-link';
import type { NatsSettings } from './connect';
import { readConfig } from '../config/config-file';

/**
 * The dashboard's link to agents, when a NATS server is set: connected at
 * start; a server that cannot be reached, or that lets clients in without
 * credentials (unless insecureOpenNats), is a warning and no agents, never a
 * dashboard that does not start (runs without a placement need no agents).
 */
export async function attachAgents(controller: RunController, nats: NatsSettings | undefined, say: (line: string) => void): Promise<void> {
  if (!nats) return;
  try {
    controller.attachAgents(await openAgentLink(nats, 'kvscope dashboard', say));
    say(`agents: listening on NATS at ${nats.url}`);
  } catch (err) {
    say(`warning: no agents: ${errorMessage(err)}`);
  }
}

/** config.json's "nats", or undefined (a config file kvscope cannot use is said, and runs go on without agents). */
export function natsOfConfig(say: (line: string) => void): NatsSettings | undefined {
  try {
    return readConfig().nats;
  } catch (err) {
    say(`warning: no agents: ${errorMessage(err)}`);
    return undefined;
  }
}
