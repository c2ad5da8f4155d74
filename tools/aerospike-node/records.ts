import type { Counters } from './counters';
import type { Bin, Msg, Reply } from './message';
import type { Store, StoredRecord } from './store';
import * as W from './wire';

export interface Key {
  ns: string;
  set: string;
  digest: Buffer;
}

export function keyOf(msg: Msg): Key | undefined {
  const digest = msg.fields.get(W.FIELD_DIGEST);
  const ns = msg.fields.get(W.FIELD_NAMESPACE);
  if (!digest || digest.length !== W.DIGEST_SIZE || !ns) return undefined;
  return { ns: ns.toString('utf8'), set: msg.fields.get(W.FIELD_SET)?.toString('utf8') ?? '', digest };
}

/** The bins a read answers: all, the named ones, or none (header only). */
export function readBins(rec: StoredRecord, info1: number, ops: readonly Bin[]): Bin[] {
  if (info1 & W.INFO1_NOBINDATA) return [];
  if (info1 & W.INFO1_GET_ALL || ops.length === 0) return [...rec.bins.values()];
  return ops.map((o) => rec.bins.get(o.name)).filter((b): b is Bin => b !== undefined);
}

/**
 * One single-record command: read, write or delete. Counts it the way the
 * server's namespace counters do.
 */
export function singleRecord(store: Store, counters: Counters, msg: Msg): Reply {
  const key = keyOf(msg);
  if (!key) return { resultCode: W.ERR_PARAMETER };
  const isWrite = (msg.info2 & W.INFO2_WRITE) !== 0;
  if (!store.has(key.ns)) {
    counters.add(key.ns, isWrite ? 'client_write_error' : 'client_read_error');
    return { resultCode: W.ERR_NAMESPACE };
  }
  if (isWrite && msg.info2 & W.INFO2_DELETE) {
    const found = store.delete(key.ns, key.digest);
    counters.add(key.ns, found ? 'client_delete_success' : 'client_delete_not_found');
    return { resultCode: found ? W.OK : W.ERR_NOT_FOUND };
  }
  if (isWrite) {
    const bins = msg.ops.filter((o) => o.op === W.OP_WRITE);
    const generation = store.put(key.ns, key.set, key.digest, bins);
    counters.add(key.ns, 'client_write_success');
    return { resultCode: W.OK, generation };
  }
  const rec = store.get(key.ns, key.digest);
  if (!rec) {
    counters.add(key.ns, 'client_read_not_found');
    return { resultCode: W.ERR_NOT_FOUND };
  }
  counters.add(key.ns, 'client_read_success');
  return { resultCode: W.OK, generation: rec.generation, bins: readBins(rec, msg.info1, msg.ops) };
}
