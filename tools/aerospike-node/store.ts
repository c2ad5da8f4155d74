import { N_PARTITIONS, PARTICLE_INTEGER, partitionOf } from './wire';
import type { Bin } from './message';

export interface StoredRecord {
  set: string;
  digest: Buffer;
  bins: Map<string, Bin>;
  generation: number;
}

export interface SecondaryIndex {
  ns: string;
  set: string;
  name: string;
  bin: string;
  type: string;
}

/**
 * The records of the whole test cluster, one map per namespace and
 * partition. Nodes share it: ownership decides who answers, not who holds
 * the data, so a node that leaves loses no records (as with replication).
 */
export class Store {
  private readonly spaces = new Map<string, Map<string, StoredRecord>[]>();
  readonly indexes: SecondaryIndex[] = [];
  /** Bytes of bin data held, per namespace (the monitor's memory figure). */
  readonly bytes = new Map<string, number>();

  constructor(readonly namespaces: readonly string[]) {
    for (const ns of namespaces) {
      this.spaces.set(
        ns,
        Array.from({ length: N_PARTITIONS }, () => new Map()),
      );
      this.bytes.set(ns, 0);
    }
  }

  has(ns: string): boolean {
    return this.spaces.has(ns);
  }

  get(ns: string, digest: Buffer): StoredRecord | undefined {
    return this.part(ns, digest).get(digest.toString('hex'));
  }

  /** Merge `bins` into the record (created if missing); returns the new generation. */
  put(ns: string, set: string, digest: Buffer, bins: Bin[]): number {
    const part = this.part(ns, digest);
    const id = digest.toString('hex');
    let rec = part.get(id);
    if (!rec) {
      rec = { set, digest: Buffer.from(digest), bins: new Map(), generation: 0 };
      part.set(id, rec);
    }
    for (const b of bins) {
      const old = rec.bins.get(b.name);
      this.addBytes(ns, b.value.length - (old ? old.value.length : 0));
      rec.bins.set(b.name, { name: b.name, type: b.type, value: Buffer.from(b.value) });
    }
    return ++rec.generation;
  }

  delete(ns: string, digest: Buffer): boolean {
    const part = this.part(ns, digest);
    const id = digest.toString('hex');
    const rec = part.get(id);
    if (!rec) return false;
    for (const b of rec.bins.values()) this.addBytes(ns, -b.value.length);
    return part.delete(id);
  }

  /** Records of one partition, optionally of one set only. */
  partition(ns: string, pid: number, set: string | undefined): StoredRecord[] {
    const recs = [...(this.spaces.get(ns)?.[pid]?.values() ?? [])];
    return set ? recs.filter((r) => r.set === set) : recs;
  }

  count(ns: string): number {
    return (this.spaces.get(ns) ?? []).reduce((n, p) => n + p.size, 0);
  }

  /** Whether an integer bin lies in [lo, hi]. */
  static inRange(rec: StoredRecord, bin: string, lo: bigint, hi: bigint): boolean {
    const b = rec.bins.get(bin);
    if (!b || b.type !== PARTICLE_INTEGER || b.value.length !== 8) return false;
    const v = b.value.readBigInt64BE(0);
    return v >= lo && v <= hi;
  }

  private part(ns: string, digest: Buffer): Map<string, StoredRecord> {
    const space = this.spaces.get(ns);
    if (!space) throw new Error(`no namespace ${ns}`);
    return space[partitionOf(digest)];
  }

  private addBytes(ns: string, n: number): void {
    this.bytes.set(ns, (this.bytes.get(ns) ?? 0) + n);
  }
}
