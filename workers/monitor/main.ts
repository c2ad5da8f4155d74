import { decodeMessage } from '../../app/protocol/envelope';
import { ToTargetSchema } from '../../app/protocol/target';
import { parseSeedHosts } from '../../app/scenario/aerospike-target';
import { TargetSchema } from '../../app/scenario/targets';
import { errorMessage, logToMain, sendToMain } from '../targets/ipc';
import { AerospikePoller } from './aerospike-poller';

/**
 * Entry of the cluster monitor, forked by main for targets with server-side
 * statistics of their own (Aerospike). Same protocol as a built-in target:
 * 'start' -> 'ready' (or 'fatal'), then 'node-stats' once a second with each
 * node's cumulative counters, until 'stop'. It never outlives main.
 */
const POLL_INTERVAL_MS = 1000;

let poller: AerospikePoller | undefined;
let timer: NodeJS.Timeout | undefined;
let polling = false;

if (!process.send) {
  console.error('kvscope monitor: start me with child_process.fork (an IPC channel is required)');
  process.exit(1);
}

process.on('SIGINT', () => {});
process.on('SIGTERM', () => stop());
process.on('disconnect', () => stop());
process.on('uncaughtException', (err) => fatal(`monitor crashed: ${err.stack ?? err.message}`));
process.on('unhandledRejection', (reason) => fatal(`monitor crashed: ${errorMessage(reason)}`));
process.on('message', (raw: unknown) => {
  const d = decodeMessage(ToTargetSchema, raw);
  if (!d.ok) return logToMain('warn', `monitor ignored a message: ${d.reason}`);
  const m = d.msg;
  switch (m.type) {
    case 'start':
      return void start(m.data.target);
    case 'stop':
      return stop();
    default: {
      const unknown: never = m;
      logToMain('warn', `monitor ignored a message of unknown type ${(unknown as { type: string }).type}`);
    }
  }
});

async function start(raw: unknown): Promise<void> {
  if (poller) return logToMain('warn', 'monitor ignored a second start');
  const parsed = TargetSchema.safeParse(raw);
  if (!parsed.success || parsed.data.kind !== 'aerospike') return fatal('monitor: only aerospike targets have a monitor');
  const t = parsed.data;
  poller = new AerospikePoller(t, (level, message) => logToMain(level, message));
  try {
    await poller.connect();
  } catch (err) {
    return fatal(errorMessage(err));
  }
  const seed = parseSeedHosts(t.hosts)[0];
  sendToMain({ type: 'ready', data: { host: seed.addr, port: seed.port, pids: [process.pid] } });
  timer = setInterval(tick, POLL_INTERVAL_MS);
  tick();
}

/** One poll at a time: a slow cluster skips a second rather than piling polls up. */
function tick(): void {
  if (polling || !poller) return;
  polling = true;
  poller
    .poll()
    .then((nodes) => sendToMain({ type: 'node-stats', data: { nodes } }))
    .catch((err) => logToMain('warn', `monitor poll failed: ${errorMessage(err)}`))
    .finally(() => (polling = false));
}

function stop(): void {
  if (timer) clearInterval(timer);
  poller?.close();
  process.exit(0);
}

function fatal(message: string): void {
  if (timer) clearInterval(timer);
  poller?.close();
  sendToMain({ type: 'fatal', data: { message } }, () => process.exit(1));
}
