import { decodeMessage } from '../../app/protocol/envelope';
import { ToTargetSchema } from '../../app/protocol/target';
import { TargetSchema } from '../../app/scenario/targets';
import { installCrashHandlers, sendFatalAndExit } from '../crash';
import { errorMessage, logToMain, sendToMain } from '../targets/ipc';
import { startHazelcastCluster } from './hazelcast-cluster';
import { startRedisCluster, type LocalCluster } from './redis-cluster';

/**
 * Keeper of a local cluster, forked by main: it starts the servers (Redis
 * masters or Hazelcast members) as its own children, answers 'ready' with the
 * seed and their pids, and stops them on 'stop', SIGTERM, or when main is
 * gone (its IPC channel closes), so no server outlives main on any path,
 * even main being killed outright.
 */
let cluster: LocalCluster | undefined;
let state: 'idle' | 'starting' | 'running' | 'stopping' = 'idle';
let stopAfterStart = false;

if (!process.send) {
  console.error('kvscope local cluster: start me with child_process.fork (an IPC channel is required)');
  process.exit(1);
}

process.on('SIGINT', () => {}); // main orchestrates the stop on Ctrl-C
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
installCrashHandlers('local cluster', () => cluster?.stop());
process.on('message', (raw: unknown) => {
  const d = decodeMessage(ToTargetSchema, raw);
  if (!d.ok) return logToMain('warn', `local cluster ignored a message: ${d.reason}`);
  const m = d.msg;
  switch (m.type) {
    case 'start':
      return void start(m.data.target);
    case 'poll':
      return;
    case 'stop':
      return void stop();
    default: {
      const unknown: never = m;
      logToMain('warn', `local cluster ignored a message of unknown type ${(unknown as { type: string }).type}`);
    }
  }
});

async function start(raw: unknown): Promise<void> {
  if (state !== 'idle') return logToMain('warn', `local cluster ignored 'start': it is ${state}`);
  state = 'starting';
  const parsed = TargetSchema.safeParse(raw);
  const t = parsed.success ? parsed.data : undefined;
  try {
    if (t?.kind === 'redis' && t.localCluster > 0) cluster = await startRedisCluster(t.localCluster);
    else if (t?.kind === 'hazelcast' && t.localMembers > 0) cluster = await startHazelcastCluster(t.localMembers, t.clusterName, t.jar);
    else throw new Error('nothing to start: the target asks for no local cluster');
  } catch (err) {
    return fatal(errorMessage(err));
  }
  state = 'running';
  if (stopAfterStart) return stop();
  const pids = cluster.nodes.map((n) => n.pid).filter((p): p is number => p !== undefined);
  sendToMain({ type: 'ready', data: { host: cluster.seed.host, port: cluster.seed.port, pids } });
}

async function stop(): Promise<void> {
  if (state === 'starting') {
    stopAfterStart = true;
    return;
  }
  if (state === 'stopping') return;
  state = 'stopping';
  await cluster?.stop().catch(() => undefined);
  process.exit(0);
}

function fatal(message: string): void {
  sendFatalAndExit(message, 1, () => cluster?.stop());
}
