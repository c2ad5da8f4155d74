import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Client, PartitionService } from 'hazelcast-client';
import type { TickNode } from '../../../../app/metrics/tick';

/**
 * Slots of the partition cache. Finding a key's partition serializes and
 * hashes the key, which costs about as much as a small operation, so each key
 * index keeps its partition: all of them for key spaces up to this size
 * (the default is 100,000), a direct-mapped share of larger ones. Typed
 * arrays: no string is hashed and nothing is left for the collector.
 */
const PARTITION_CACHE_SLOTS = 1 << 20;
/** Hazelcast's default partition count, until the client has the partition table. */
const DEFAULT_PARTITIONS = 271;
/** Keys whose partition prime() finds in one turn of the event loop: between turns the worker still hears main. */
const PRIME_CHUNK = 10_000;
/** Before the client has the partition table, an operation's owner is not known yet. */
const UNKNOWN = 'unknown';

/**
 * Which member served each operation, as the client knows it: the owner of
 * the key's partition (the member a smart client sends it to). Counted per
 * partition on the hot path (two array indexes); drained once a second into
 * sent reads and writes per member, by the partition table of that moment.
 */
export class MemberCounts {
  /** Per slot, side by side so a lookup reads one cache line: the key index + 1 it holds (0: empty), then its partition. */
  private readonly cache: Int32Array;
  /** Cache slots: the key indexes prime() looks up, 0 to slots - 1. */
  readonly slots: number;
  private reads: Float64Array;
  private writes: Float64Array;
  private readonly partitions: PartitionService;

  constructor(
    private readonly client: Client,
    keySpace: number,
  ) {
    this.partitions = client.getPartitionService();
    this.slots = Math.min(keySpace, PARTITION_CACHE_SLOTS);
    // 32-bit tags: index + 1 fits (key spaces stop at 1e9), and the default 100,000 keys' tags and
    // partitions take 800 KB instead of 1.2 MB of cache beside the client's own working set.
    this.cache = new Int32Array(2 * this.slots);
    const n = this.partitions.getPartitionCount() || DEFAULT_PARTITIONS;
    this.reads = new Float64Array(n);
    this.writes = new Float64Array(n);
  }

  /**
   * Each slot's partition, found before the run: left to the operations, the
   * first one on each key pays the client's serialize-and-hash a second time,
   * inside the measured seconds (with the default 100,000 keys and a 2 s
   * warm-up, two thirds of the keys are first seen after it). `keyAt` gives
   * the key of an index, as the picker does. The client knows the partition
   * count once it is connected, and a key's partition depends on nothing else.
   */
  async prime(keyAt: (index: number) => string): Promise<void> {
    for (let from = 0; from < this.slots; from += PRIME_CHUNK) {
      const to = Math.min(this.slots, from + PRIME_CHUNK);
      for (let index = from; index < to; index++) {
        this.cache[2 * index] = index + 1;
        this.cache[2 * index + 1] = this.partitions.getPartitionId(keyAt(index));
      }
      await nextTurn();
    }
  }

  /** One operation on the key of index `index` (its picker's; none for a one-off probe), a write or a read. */
  count(index: number | undefined, key: string, write: boolean): void {
    if (index === undefined) return this.add(this.partitions.getPartitionId(key), write);
    const at = 2 * (index % this.slots);
    let pid: number;
    // A tag holds index + 1, so an empty slot (0) never matches.
    if (this.cache[at] === index + 1) pid = this.cache[at + 1];
    else {
      pid = this.partitions.getPartitionId(key);
      this.cache[at] = index + 1;
      this.cache[at + 1] = pid;
    }
    this.add(pid, write);
  }

  private add(pid: number, write: boolean): void {
    if (pid >= this.reads.length) this.grow(pid + 1);
    if (write) this.writes[pid]++;
    else this.reads[pid]++;
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
    for (let pid = 0; pid < this.reads.length; pid++) {
      const reads = this.reads[pid];
      const writes = this.writes[pid];
      if (reads === 0 && writes === 0) continue;
      const owner = this.partitions.getPartitionOwner(pid);
      const uuid = owner ? owner.toString() : UNKNOWN;
      const address = addresses.get(uuid) ?? uuid;
      const n = byId.get(address) ?? { id: address, address, counters: { 'read.sent': 0, 'write.sent': 0 } };
      n.counters['read.sent'] += reads;
      n.counters['write.sent'] += writes;
      byId.set(address, n);
    }
    this.reads.fill(0);
    this.writes.fill(0);
    return [...byId.values()];
  }

  private grow(n: number): void {
    const reads = new Float64Array(n);
    const writes = new Float64Array(n);
    reads.set(this.reads);
    writes.set(this.writes);
    this.reads = reads;
    this.writes = writes;
  }
}
