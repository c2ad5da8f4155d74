import { AgentDirectory } from '../nats/agent-directory';
import { connectNats, NatsSetupError, type NatsSettings } from '../nats/connect';
import type { AgentLink } from '../engine/place';
import { UsageError } from './load-scenario';

/** The coordinator's link to its agents for `run`: connected before the first run, closed after the last. */
export async function openAgentLink(nats: NatsSettings | undefined): Promise<AgentLink & { close(): Promise<void> }> {
  if (!nats) throw new UsageError('placement names agents: give --nats URL (or "nats" in config.json)');
  try {
    const nc = await connectNats(nats, 'kvscope coordinator');
    const directory = new AgentDirectory(nc);
    return {
      nc,
      directory,
      close: async () => {
        directory.close();
        await nc.drain().catch(() => undefined);
      },
    };
  } catch (err) {
    if (err instanceof NatsSetupError) throw new UsageError(err.message);
    throw err;
  }
}
