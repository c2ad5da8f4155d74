import Redis, { Cluster } from 'ioredis';
import { REDIS_LATENCY_COMMANDS, redisCounters, redisLatencyCounters } from '../../app/metrics/redis-counters';
import type { NodeCounters } from '../../app/metrics/node-stats';
import { isRedisCluster, type RedisSettings } from '../../app/scenario/redis-target';
import { notAnswering, stamped, type Poller } from './poller';
import { errorMessage } from '../../app/error-message';

/** A node must answer INFO within this, so one stalled master cannot hold up the others' second. */
const INFO_TIMEOUT_MS = 800;
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Reads INFO commandstats, stats and memory of the server, or of every
 * master of a Redis Cluster (the client's own view of the cluster, so
 * masters that leave or join show up).
 */
export class RedisPoller implements Poller {
  private readonly client: Redis | Cluster;
  private readonly failing = new Set<string>();
  /** Nodes that refused LATENCY HISTOGRAM (before Redis 7): said once, then not asked again. */
  private readonly noHistogram = new Set<string>();

  constructor(
    t: RedisSettings,
    private readonly log: (level: 'info' | 'warn', message: string) => void,
  ) {
    const node = { password: t.password, connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 0, enableOfflineQueue: false };
    this.client = isRedisCluster(t)
      ? new Cluster([{ host: t.host, port: t.port }], { lazyConnect: true, redisOptions: node })
      : new Redis({ host: t.host, port: t.port, db: t.db, lazyConnect: true, ...node });
    this.client.on('error', () => undefined); // each node's failure is logged by poll()
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  async poll(): Promise<NodeCounters[]> {
    const nodes = this.client instanceof Cluster ? this.client.nodes('master') : [this.client];
    return Promise.all(nodes.map((n) => this.read(n)));
  }

  close(): void {
    this.client.disconnect();
  }

  private async read(node: Redis): Promise<NodeCounters> {
    const id = `${node.options.host}:${node.options.port}`;
    try {
      // Three INFOs, not one of three sections: servers before Redis 7 take one section per INFO.
      const { value, at } = await stamped(() =>
        withTimeout(
          Promise.all([node.info('commandstats'), node.info('stats'), node.info('memory'), this.histogram(node, id)]),
          INFO_TIMEOUT_MS,
        ),
      );
      if (this.failing.delete(id)) this.log('info', `redis ${id} answers INFO again`);
      const [commandstats, stats, memory, histogram] = value;
      const read = redisCounters([commandstats, stats, memory].join('\n'));
      return { id, address: id, ...read, counters: { ...read.counters, ...histogram }, at };
    } catch (err) {
      if (!this.failing.has(id)) this.log('warn', `redis ${id}: statistics unavailable: ${errorMessage(err)}`);
      this.failing.add(id);
      return notAnswering(id, id);
    }
  }

  /** The server's per-command latency histogram, as per-bucket counters; empty where the server has none. */
  private async histogram(node: Redis, id: string): Promise<Record<string, number>> {
    if (this.noHistogram.has(id)) return {};
    try {
      return redisLatencyCounters(await node.call('LATENCY', 'HISTOGRAM', ...Object.keys(REDIS_LATENCY_COMMANDS)));
    } catch (err) {
      // Only the server refusing the command means it has none; a lost connection fails the reading as a whole.
      if (!(err instanceof Error) || err.name !== 'ReplyError') throw err;
      this.noHistogram.add(id);
      this.log(
        'info',
        `redis ${id}: no LATENCY HISTOGRAM (${errorMessage(err)}; Redis 7 has it): its server latency is the mean per command only`,
      );
      return {};
    }
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no INFO answer within ${ms} ms`)), ms)));
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}
