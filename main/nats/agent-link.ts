import type { AgentLink } from '../engine/place';
import { AgentDirectory } from './agent-directory';
import { connectNats, type NatsSettings } from './connect';

export type OpenAgentLink = AgentLink & { url: string; close(): Promise<void> };

/** A coordinator's link to its agents: connected (or a NatsSetupError), listening for heartbeats; closed by its owner. */
export async function openAgentLink(nats: NatsSettings, name: string): Promise<OpenAgentLink> {
  const nc = await connectNats(nats, name);
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
