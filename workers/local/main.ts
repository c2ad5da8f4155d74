import { ToTargetSchema } from '../../app/protocol/target';
import { TargetSchema } from '../../app/scenario/targets';
import { runChild } from '../child-entry';
import { logToMain, sendToMain } from '../targets/ipc';
import { BUNDLED_CLIENT_VERSION, startHazelcastCluster } from './hazelcast-cluster';
import { targetClient } from '../../app/scenario/client-version';
import { startRedisCluster, type LocalCluster } from './redis-cluster';

/**
 * Keeper of a local cluster, forked by main: it starts the servers (Redis
 * masters or Hazelcast members) as its own children, answers 'ready' with the
 * seed and their pids, and stops them on 'stop', SIGTERM, or when main is
 * gone (its IPC channel closes), so no server outlives main on any path,
 * even main being killed outright.
 */
let cluster: LocalCluster | undefined;

const child = runChild({
  name: 'local cluster',
  schema: ToTargetSchema,
  onMessage(m) {
    switch (m.type) {
      case 'start':
        return start(m.data.target);
      case 'poll':
        return;
      case 'stop':
        return child.stop('message');
      default: {
        const unknown: never = m;
        child.log('warn', `local cluster ignored a message of unknown type ${(unknown as { type: string }).type}`);
      }
    }
  },
  // Servers half started are only known once the start returns; stopping before would orphan them.
  stopAfterStart: ['message', 'sigterm', 'disconnect'],
  stop: () => cluster?.stop().catch(() => undefined),
  cleanup: () => cluster?.stop(),
});

/** The hazelcast-client version the run's workers load: target.client, else the bundled one. */
const hazelcastClient = (t: { kind: string; client?: string }): string => targetClient(t)?.version ?? BUNDLED_CLIENT_VERSION;

function start(raw: unknown): void {
  child.start(
    async () => {
      const parsed = TargetSchema.safeParse(raw);
      const t = parsed.success ? parsed.data : undefined;
      if (t?.kind === 'redis' && t.localCluster > 0) cluster = await startRedisCluster(t.localCluster, (m) => logToMain('warn', m));
      else if (t?.kind === 'hazelcast' && t.localMembers > 0) {
        const warn = (m: string): void => logToMain('warn', m);
        const hz = await startHazelcastCluster(t.localMembers, t.clusterName, t.jar, warn, t.memberHeapMb, hazelcastClient(t));
        logToMain('info', hz.about);
        cluster = hz;
      } else throw new Error('nothing to start: the target asks for no local cluster');
    },
    () => {
      if (!cluster) return;
      const pids = cluster.nodes.map((n) => n.pid).filter((p): p is number => p !== undefined);
      const metricsUrls = cluster.metricsUrls;
      sendToMain({
        type: 'ready',
        data: { host: cluster.seed.host, port: cluster.seed.port, pids, ...(metricsUrls ? { metricsUrls } : {}) },
      });
    },
  );
}
