import Redis, { Cluster } from 'ioredis';
import { REDIS_LATENCY_COMMANDS, redisCounters, redisLatencyCounters } from '../../app/metrics/redis-counters';
import type { NodeCounters } from '../../app/metrics/node-stats';
import { isRedisCluster, type RedisSettings } from '../../app/scenario/redis-target';
import { notAnswering, READING_TIMEOUT_MS, stamped, withTimeout, type Poller } from './poller';
import { ExtraMasters } from './redis-extra-masters';
import { errorMessage } from '../../app/error-message';
import { parseClusterNodes, withClusterState, type ClusterNodeLine } from '../../app/metrics/redis-cluster-nodes';
import { CONNECT_TIMEOUT_MS } from '../../app/host/connect-timeout';

/** What the counters are read from: per-command calls and time, hits and misses, memory. */
const INFO_SECTIONS = ['commandstats', 'stats', 'memory'] as const;

interface Reading {
  node: NodeCounters;
  /** The node's CLUSTER NODES (a cluster's masters only). */
  lines?: ClusterNodeLine[];
}

/**
 * Reads INFO commandstats, stats and memory of the server, or of every
 * master of a Redis Cluster: those the client routes to, and those the
 * cluster lists that it does not yet (a new master without slots, one in
 * handshake), each with its state as CLUSTER NODES tells it.
 */
export class RedisPoller implements Poller {
  private readonly client: Redis | Cluster;
  /** Masters the cluster lists that the client has no connection to, read through connections of their own. */
  private readonly extra: ExtraMasters;
  /** Masters seen holding slots: one that holds none later has been emptied (on its way out). */
  private readonly heldSlots = new Set<string>();
  private readonly failing = new Set<string>();
  /** Nodes that refused LATENCY HISTOGRAM (before Redis 7): said once, then not asked again. */
  private readonly noHistogram = new Set<string>();
  /** Nodes that refused several sections in one INFO (before Redis 7): asked one section at a time since. */
  private readonly oneSectionInfo = new Set<string>();

  constructor(
    t: RedisSettings,
    private readonly log: (level: 'info' | 'warn', message: string) => void,
  ) {
    const node = { password: t.password, connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 0, enableOfflineQueue: false };
    this.extra = new ExtraMasters(node, READING_TIMEOUT_MS);
    this.client = isRedisCluster(t)
      ? new Cluster([{ host: t.host, port: t.port }], { lazyConnect: true, redisOptions: node })
      : new Redis({ host: t.host, port: t.port, db: t.db, lazyConnect: true, ...node });
    this.client.on('error', () => undefined); // each node's failure is logged by poll()
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  async poll(): Promise<NodeCounters[]> {
    if (!(this.client instanceof Cluster)) return [(await this.read(this.client, false)).node];
    const routed = this.client.nodes('master');
    const ids = new Set(routed.map(nodeId));
    this.extra.forget(ids);
    const reads = await Promise.all([...routed, ...this.extra.all()].map((n) => this.read(n, true)));
    // Masters first seen now are read now too: one the client just stopped routing to (killed) is down from this second.
    const fresh = this.extra.sync(
      reads.flatMap((r) => r.lines ?? []),
      ids,
    );
    reads.push(...(await Promise.all(fresh.map(async (c) => this.read(await this.extra.connected(c), true)))));
    const views = reads.flatMap((r) => r.lines ?? []);
    for (const r of reads) if (r.lines?.some((l) => l.flags.includes('myself') && l.slots > 0)) this.heldSlots.add(r.node.id);
    return reads.map((r) => withClusterState(r.node, r.lines, views, this.heldSlots.has(r.node.id)));
  }

  close(): void {
    this.client.disconnect();
    this.extra.close();
  }

  private async read(node: Redis, cluster: boolean): Promise<Reading> {
    const id = nodeId(node);
    try {
      const { value, at } = await stamped(() =>
        withTimeout(
          Promise.all([this.info(node, id), this.histogram(node, id), cluster ? (node.call('CLUSTER', 'NODES') as Promise<string>) : '']),
          READING_TIMEOUT_MS,
        ),
      );
      if (this.failing.delete(id)) this.log('info', `redis ${id} answers INFO again`);
      const [info, histogram, clusterNodes] = value;
      const read = redisCounters(info);
      const lines = cluster ? parseClusterNodes(clusterNodes) : undefined;
      return { node: { id, address: id, ...read, counters: { ...read.counters, ...histogram }, at }, lines };
    } catch (err) {
      if (!this.failing.has(id)) this.log('warn', `redis ${id}: statistics unavailable: ${errorMessage(err)}`);
      this.failing.add(id);
      return { node: notAnswering(id, id) };
    }
  }

  /**
   * The sections the counters come from: one INFO of three sections each
   * second (Redis 7), or three INFOs where the server takes one section per
   * INFO (it refuses the first form once; asked so from then on).
   */
  private async info(node: Redis, id: string): Promise<string> {
    if (!this.oneSectionInfo.has(id)) {
      try {
        return (await node.call('INFO', ...INFO_SECTIONS)) as string;
      } catch (err) {
        if (!(err instanceof Error) || err.name !== 'ReplyError') throw err;
        this.oneSectionInfo.add(id);
      }
    }
    return (await Promise.all(INFO_SECTIONS.map((section) => node.info(section)))).join('\n');
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

const nodeId = (node: Redis): string => `${node.options.host}:${node.options.port}`;
