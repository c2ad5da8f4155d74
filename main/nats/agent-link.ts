import type { AgentLink } from '../engine/place';
import { AgentDirectory } from './agent-directory';
import type { NatsSettings } from './connect';
import { connectLockedNats } from './open-nats';

export type OpenAgentLink = AgentLink & { url: string; close(): Promise<void> };

/**
 * A coordinator's link to its agents: connected (or a NatsSetupError, an open
 * NATS too unless insecureOpenNats), listening for heartbeats; closed by its owner.
 */
export async function openAgentLink(nats: NatsSettings, name: string, warn: (line: string) => void): Promise<OpenAgentLink> {
  const nc = await connectLockedNats(nats, name, 'coordinator', warn);
  const directory = new AgentDirectory(nc);
  return {
    nc,
    directory,
    url: nats.url,
    close: async () => {
      directory.close();
      await nc.drain().catch(() => undefined);
    },
  };
}
