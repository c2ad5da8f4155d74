import { TestNode } from './node';
import { Store } from './store';
import { N_PARTITIONS } from './wire';

export interface ClusterOptions {
  /** Nodes to start (default 1). */
  nodes?: number;
  namespaces?: string[];
  name?: string;
  /** When set, logins are required and these user names accepted. */
  users?: string[];
  /** Fixed ports, one per node; free ports otherwise. */
  ports?: number[];
  /** The latency histograms' ticker interval (a server's ticker-interval is 10 s by default). */
  tickerMs?: number;
  /** How long partitions migrate into a node that starts after the cluster did (0: at once). */
  migrateMs?: number;
}

const DEFAULT_TICKER_MS = 10_000;

/**
 * A test-only Aerospike cluster of one or more nodes in this process. The
 * live nodes split the 4096 partitions between them (replication factor 1);
 * a node that stops or starts bumps the cluster's generation, so clients
 * re-read peers and partition maps as they do when a real cluster re-forms.
 */
export class TestCluster {
  readonly store: Store;
  readonly nodes: TestNode[];
  readonly users: ReadonlySet<string> | undefined;
  readonly name: string;
  generation = 1;
  readonly tickerMs: number;
  readonly migrateMs: number;

  private constructor(
    readonly namespaces: string[],
    o: ClusterOptions,
  ) {
    this.store = new Store(namespaces);
    this.name = o.name ?? 'kvscope-test';
    this.tickerMs = o.tickerMs ?? DEFAULT_TICKER_MS;
    this.migrateMs = o.migrateMs ?? 0;
    this.users = o.users ? new Set(o.users) : undefined;
    const n = o.nodes ?? 1;
    this.nodes = Array.from({ length: n }, (_, i) => new TestNode(this, `BB9${String(i + 1).padStart(12, '0')}`));
    o.ports?.forEach((p, i) => {
      if (this.nodes[i]) this.nodes[i].port = p;
    });
  }

  static async start(o: ClusterOptions = {}): Promise<TestCluster> {
    const c = new TestCluster(o.namespaces ?? ['test'], o);
    try {
      for (const n of c.nodes) await n.start();
    } catch (err) {
      await c.close();
      throw err;
    }
    return c;
  }

  /** `127.0.0.1:port` of every node, comma-separated: the seed list a client is given. */
  get hosts(): string {
    return this.nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
  }

  liveNodes(): TestNode[] {
    return this.nodes.filter((n) => n.up);
  }

  /** Which live node answers for a partition: one not quiesced, while any is not. */
  owner(pid: number): TestNode | undefined {
    const live = this.liveNodes();
    const serving = live.filter((n) => n.quiesce !== 'effective');
    const from = serving.length > 0 ? serving : live;
    return from[pid % from.length];
  }

  /**
   * Partitions still to migrate into `node` (rx) or out of it (tx): a node
   * that joined receives its share over migrateMs, the others send it.
   */
  migrations(node: TestNode, now = Date.now()): { rx: number; tx: number } {
    let rx = 0;
    let tx = 0;
    for (const n of this.liveNodes()) {
      if (!n.fill || now >= n.fill.until) continue;
      const left = Math.ceil((this.ownedBy(n).length * (n.fill.until - now)) / (n.fill.until - n.fill.from));
      if (n === node) rx += left;
      else tx += Math.ceil(left / Math.max(1, this.liveNodes().length - 1));
    }
    return { rx, tx };
  }

  /** A real server's `quiesce:` then `recluster:`: the node gives its partitions up. */
  quiesce(i: number): void {
    this.nodes[i].quiesce = 'effective';
    this.generation++;
  }

  ownedBy(node: TestNode): number[] {
    const out: number[] = [];
    for (let pid = 0; pid < N_PARTITIONS; pid++) if (this.owner(pid) === node) out.push(pid);
    return out;
  }

  /** The node's partitions as the base64 bitmap of the `replicas` info answer (bit i, most significant first). */
  ownedBitmap(node: TestNode): string {
    const bits = Buffer.alloc(N_PARTITIONS / 8);
    for (const pid of this.ownedBy(node)) bits[pid >> 3] |= 0x80 >> (pid & 7);
    return bits.toString('base64');
  }

  async stopNode(i: number): Promise<void> {
    await this.nodes[i].stop();
    this.generation++;
  }

  async startNode(i: number): Promise<void> {
    await this.nodes[i].start();
    const now = Date.now();
    if (this.migrateMs > 0) this.nodes[i].fill = { from: now, until: now + this.migrateMs };
    this.generation++;
  }

  async close(): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.stop()));
  }
}
