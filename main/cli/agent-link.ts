import { NatsSetupError, type NatsSettings } from '../nats/connect';
import { openAgentLink as open, type OpenAgentLink } from '../nats/agent-link';
import { UsageError } from './load-scenario';
import { printError } from './terminal';

/** The coordinator's link to its agents for `run`: connected before the first run, closed after the last. */
export async function openAgentLink(nats: NatsSettings | undefined): Promise<OpenAgentLink> {
  if (!nats) throw new UsageError('placement names agents: give --nats URL (or "nats" in config.json)');
  try {
    return await open(nats, 'kvscope coordinator', printError);
  } catch (err) {
    if (err instanceof NatsSetupError) throw new UsageError(err.message);
    throw err;
  }
}
