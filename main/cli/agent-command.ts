import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { AGENT_NAME } from '../../app/protocol/agent';
import { fmtInt, MIB } from '../../app/report/numbers';
import { runAgent } from '../agent/agent';
import { AgentDirectory } from '../nats/agent-directory';
import { NatsSetupError } from '../nats/connect';
import { connectLockedNats } from '../nats/open-nats';
import { table } from './format';
import { printError } from './terminal';
import { UsageError } from './load-scenario';
import { natsFlags, natsSettings } from './nats-options';

type Print = (line: string) => void;

/** `kvscope agent --nats URL [--name NAME] [--creds F | --nkey F | --token-file F] [--tls-ca F] [--insecure-open-nats]`: a load box for a coordinator. */
export async function agentCommand(args: string[], print: Print): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { ...natsFlags(''), name: { type: 'string' } } });
  if (positionals.length) throw new UsageError('agent takes no arguments besides its options');
  const nats = natsSettings(values, '');
  if (!nats) throw new UsageError('agent needs --nats URL (or "nats" in config.json)');
  const name = values.name ?? hostname().split('.')[0];
  if (!AGENT_NAME.test(name)) throw new UsageError(`--name "${name}": letters, digits, - and _ only (1-64)`);
  try {
    return await runAgent(nats, name, print);
  } catch (err) {
    if (err instanceof NatsSetupError) throw new UsageError(err.message);
    throw err;
  }
}

/** `kvscope agents --nats URL ...`: the agents that are up (or were lately), as a coordinator sees them. */
export async function agentsCommand(args: string[], print: Print): Promise<number> {
  const { values } = parseArgs({ args, options: { ...natsFlags('nats-') } });
  const nats = natsSettings(values, 'nats-');
  if (!nats) throw new UsageError('agents needs --nats URL (or "nats" in config.json)');
  let nc;
  try {
    nc = await connectLockedNats(nats, 'kvscope agents', 'lister', printError);
  } catch (err) {
    if (err instanceof NatsSetupError) throw new UsageError(err.message);
    throw err;
  }
  const directory = new AgentDirectory(nc);
  await directory.settled();
  const list = directory.list();
  directory.close();
  await nc.drain();
  const rows = [
    ['agent', 'state', 'host', 'cores', 'memory', 'node', 'kvscope'],
    ...list.map((e) => [
      e.heartbeat.name,
      e.up ? (e.heartbeat.runId ? `in run ${e.heartbeat.runId.slice(0, 8)}` : 'up') : 'lost',
      e.heartbeat.host,
      String(e.heartbeat.cores),
      `${fmtInt(e.heartbeat.memoryBytes / MIB)} MiB`,
      e.heartbeat.node,
      e.heartbeat.kvscope,
    ]),
  ];
  print(list.length ? table(rows, { left: [0, 1, 2, 5, 6] }) : `no agent is up on ${nats.url}`);
  return 0;
}
