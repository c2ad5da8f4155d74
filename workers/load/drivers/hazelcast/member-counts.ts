import type { Client, PartitionService } from 'hazelcast-client';
import type { TickNode } from '../../../../app/metrics/tick';

/**
 * Keys whose partition is remembered: computing it serializes the key, which
 * costs about as much as a small operation, and the key space of a run is
 * usually far smaller than this.
 */
const PARTITION_CACHE_MAX = 1_000_000;
/** Before the client has the partition table, an operation's owner is not known yet. */
const UNKNOWN = 'unknown';

/**
 * Which member served each operation, as the client knows it: the owner of
 * the key's partition (the member a smart client sends it to). Counted as
 * sent reads and writes per member and drained once a second.
 */
export class MemberCounts {
  private readonly partitionOf = new Map<string, number>();
  /**
   * Keyed by the owner's UUID object, which the partition table hands out
   * again for every partition of that member: no string per operation.
   */
  private counts = new Map<object | null, { reads: number; writes: number }>();
  private readonly partitions: PartitionService;
  private readonly writes: ReadonlySet<string>;

  constructor(
    private readonly client: Client,
    writes: readonly string[],
  ) {
    this.partitions = client.getPartitionService();
    this.writes = new Set(writes);
  }

  count(key: string, op: string): void {
    let pid = this.partitionOf.get(key);
    if (pid === undefined) {
      pid = this.partitions.getPartitionId(key);
      if (this.partitionOf.size < PARTITION_CACHE_MAX) this.partitionOf.set(key, pid);
    }
    const owner = this.partitions.getPartitionOwner(pid) ?? null;
    let c = this.counts.get(owner);
    if (!c) this.counts.set(owner, (c = { reads: 0, writes: 0 }));
    if (this.writes.has(op)) c.writes++;
    else c.reads++;
  }

  /** This second's counts per member (by address), and a fresh start. */
  drain(): TickNode[] {
    const addresses = new Map(
      this.client
        .getCluster()
        .getMembers()
        .map((m) => [m.uuid.toString(), m.address.toString()]),
    );
    const byId = new Map<string, TickNode>();
    for (const [owner, c] of this.counts) {
      const uuid = owner === null ? UNKNOWN : owner.toString();
      const address = addresses.get(uuid) ?? uuid;
      const n = byId.get(address) ?? { id: address, address, counters: { 'read.sent': 0, 'write.sent': 0 } };
      n.counters['read.sent'] += c.reads;
      n.counters['write.sent'] += c.writes;
      byId.set(address, n);
    }
    const out = [...byId.values()];
    this.counts = new Map();
    return out;
  }
}
