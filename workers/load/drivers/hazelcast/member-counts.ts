import type { TickNode } from '../../../../app/metrics/tick';
import type { PartitionLookup, PartitionTable } from './session';

/** Hazelcast's default partition count, until the client has the partition table. */
const DEFAULT_PARTITIONS = 271;
/** Before the client has the partition table, an operation's owner is not known yet. */
const UNKNOWN = 'unknown';
/** No partition heard since the last count. */
const NONE = -1;

type Lookup = (key: unknown) => number;

/**
 * Which member served each operation, as the client knows it: the owner of
 * the key's partition (the member a smart client sends it to). Counted per
 * partition on the hot path; drained once a second into sent reads and
 * writes per member, by the partition table of that moment.
 *
 * The partition is the one the client itself found for the operation. To
 * route a key, the client serializes and hashes it and asks its partition
 * service, on every operation; `listen` has that service tell this object
 * the answer too. Finding it a second time cost as much as a small
 * operation, and a cache of each key's partition (the way before) read a
 * cold line of 800 KB per operation and took 1.2 s to fill for a million
 * keys. A client that does not
 * route through the service it hands out (checked once, by a real
 * operation) gets the lookup per operation again: slower, never wrong.
 */
export class MemberCounts {
  /** The partition the client found last, NONE once counted. */
  private heard = NONE;
  private reads: Float64Array;
  private writes: Float64Array;
  private readonly partitions: PartitionLookup;
  /** The partition service's own lookup, unwrapped. */
  private readonly lookup: Lookup;

  constructor(private readonly table: PartitionTable) {
    const partitions = table.service;
    this.partitions = partitions;
    this.lookup = (partitions.getPartitionId as Lookup).bind(partitions);
    const n = partitions.getPartitionCount() || DEFAULT_PARTITIONS;
    this.reads = new Float64Array(n);
    this.writes = new Float64Array(n);
  }

  /**
   * Hear the client's own partition lookups, if `operation` on `key` (a real
   * one; its answer is awaited, its failure is the run's to show) proves the
   * client makes one, for that key, before it returns. Otherwise the
   * service is left as it was and every count looks its key up.
   */
  async listen(key: string, operation: (key: string) => Promise<unknown>): Promise<boolean> {
    const partitions = this.partitions as unknown as { getPartitionId: Lookup };
    const lookup = this.lookup;
    // An own property on the service: the client's proxies call it as before, and hear nothing else.
    partitions.getPartitionId = (k) => (this.heard = lookup(k));
    this.heard = NONE;
    const answer = operation(key);
    const heard = this.heard === lookup(key);
    this.heard = NONE;
    if (!heard) delete (partitions as { getPartitionId?: Lookup }).getPartitionId;
    await answer.catch(() => undefined);
    return heard;
  }

  /** One operation on `key`, just issued by the client (its partition heard then), a write or a read. */
  count(key: string, write: boolean): void {
    let pid = this.heard;
    this.heard = NONE;
    if (pid === NONE) pid = this.lookup(key);
    if (pid >= this.reads.length) this.grow(pid + 1);
    if (write) this.writes[pid]++;
    else this.reads[pid]++;
  }

  /** This second's counts per member (by address), and a fresh start. */
  drain(): TickNode[] {
    const ownerOf = this.table.owners();
    const byId = new Map<string, TickNode>();
    for (let pid = 0; pid < this.reads.length; pid++) {
      const reads = this.reads[pid];
      const writes = this.writes[pid];
      if (reads === 0 && writes === 0) continue;
      const address = ownerOf(pid) ?? UNKNOWN;
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
