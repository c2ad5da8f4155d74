import Redis, { type RedisOptions } from 'ioredis';
import type { ClusterNodeLine } from '../../app/metrics/redis-cluster-nodes';

/**
 * Most masters read through connections of their own: a cluster names its
 * nodes (as it does to any cluster client), but a server's answer never makes
 * the monitor open connections without end.
 */
const MAX_EXTRA_MASTERS = 64;
const MAX_PORT = 65535;

/**
 * Connections to the masters a Redis Cluster lists (CLUSTER NODES) that the
 * monitor's cluster client does not route to: a new master without slots, one
 * in handshake, one the client just dropped. Each is kept while another
 * master lists it.
 */
export class ExtraMasters {
  private readonly extra = new Map<string, Redis>();

  constructor(
    private readonly options: RedisOptions,
    private readonly connectLimitMs: number,
  ) {}

  all(): Redis[] {
    return [...this.extra.values()];
  }

  /** Those the client routes to now need no connection of their own. */
  forget(routed: ReadonlySet<string>): void {
    for (const [id, c] of this.extra) if (routed.has(id)) this.drop(id, c);
  }

  /** Connections for masters the others list and nobody reads yet (the new ones returned); those no longer listed dropped. */
  sync(views: readonly ClusterNodeLine[], routed: ReadonlySet<string>): Redis[] {
    const listed = new Set<string>();
    const fresh: Redis[] = [];
    for (const l of views) {
      // Listed by another master: a node forgotten by the others stays gone, whatever its own table says.
      if (l.flags.includes('myself')) continue;
      const master = l.flags.includes('master') || l.flags.includes('handshake');
      if (!master || l.flags.includes('fail') || l.flags.includes('noaddr') || l.address.startsWith(':')) continue;
      listed.add(l.address);
      if (routed.has(l.address) || this.extra.has(l.address) || this.extra.size >= MAX_EXTRA_MASTERS) continue;
      const i = l.address.lastIndexOf(':');
      const port = Number(l.address.slice(i + 1));
      if (i <= 0 || !Number.isInteger(port) || port < 1 || port > MAX_PORT) continue;
      const c = new Redis({ ...this.options, lazyConnect: true, host: l.address.slice(0, i), port });
      c.on('error', () => undefined); // a failed reading says it, once
      this.extra.set(l.address, c);
      fresh.push(c);
    }
    for (const [id, c] of this.extra) if (!listed.has(id)) this.drop(id, c);
    return fresh;
  }

  /** A new connection, once connected or given up on within the limit (its reading then fails: down). */
  async connected(c: Redis): Promise<Redis> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([c.connect().catch(() => undefined), new Promise((r) => (timer = setTimeout(r, this.connectLimitMs)))]);
    clearTimeout(timer);
    return c;
  }

  close(): void {
    for (const [id, c] of this.extra) this.drop(id, c);
  }

  private drop(id: string, c: Redis): void {
    c.disconnect();
    this.extra.delete(id);
  }
}
