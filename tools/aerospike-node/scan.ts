import type { Counters } from './counters';
import { writeMsg, type Msg } from './message';
import { readBins } from './records';
import { Store, type StoredRecord } from './store';
import * as W from './wire';

/** Records are sent in frames of about this many bytes, so back-pressure acts per frame. */
const FRAME_BYTES = 64 * 1024;

export interface Range {
  bin: string;
  lo: bigint;
  hi: bigint;
}

/** The integer range of a query's index-range field; undefined for other filter types. */
export function parseRange(field: Buffer): Range | undefined {
  const nameLen = field[1];
  const bin = field.toString('utf8', 2, 2 + nameLen);
  let p = 2 + nameLen;
  const type = field[p++];
  const beginLen = field.readUInt32BE(p);
  if (type !== W.PARTICLE_INTEGER || beginLen !== 8) return undefined;
  const lo = field.readBigInt64BE(p + 4);
  p += 4 + beginLen;
  return { bin, lo, hi: field.readBigInt64BE(p + 4) };
}

/** Partitions asked for (whole ones, or resumed after a digest); `owned` when the request names none. */
function requested(msg: Msg, owned: number[]): { pid: number; after?: string }[] {
  const out: { pid: number; after?: string }[] = [];
  const pids = msg.fields.get(W.FIELD_PID_ARRAY);
  const digests = msg.fields.get(W.FIELD_DIGEST_ARRAY);
  if (pids) for (let p = 0; p + 2 <= pids.length; p += 2) out.push({ pid: pids.readUInt16LE(p) });
  if (digests) {
    for (let p = 0; p + W.DIGEST_SIZE <= digests.length; p += W.DIGEST_SIZE) {
      const d = digests.subarray(p, p + W.DIGEST_SIZE);
      out.push({ pid: W.partitionOf(d), after: d.toString('hex') });
    }
  }
  return pids || digests ? out : owned.map((pid) => ({ pid }));
}

/**
 * A partition scan or secondary-index query, streamed: each record as a
 * message, a PARTITION_DONE marker per finished partition, then LAST. It
 * stops at the request's max-records (the client then resumes after the last
 * digest). `send` resolves when the socket has room again, so a client that
 * reads slowly slows the stream down instead of filling memory here.
 */
export async function streamScan(
  store: Store,
  counters: Counters,
  msg: Msg,
  owned: number[],
  send: (frame: Buffer) => Promise<void>,
): Promise<void> {
  const ns = msg.fields.get(W.FIELD_NAMESPACE)?.toString('utf8') ?? '';
  const set = msg.fields.get(W.FIELD_SET)?.toString('utf8') || undefined;
  const rangeField = msg.fields.get(W.FIELD_INDEX_RANGE);
  const last = (code: number): Promise<void> => send(W.frame(W.TYPE_MESSAGE, writeMsg({ resultCode: code, info3: W.INFO3_LAST })));
  if (!store.has(ns)) return last(W.ERR_NAMESPACE);
  const range = rangeField ? parseRange(rangeField) : undefined;
  if (rangeField && !range) return last(W.ERR_PARAMETER);
  if (range && !store.indexes.some((i) => i.ns === ns && i.bin === range.bin && (i.set === '' || i.set === set)))
    return last(W.ERR_INDEX_NOT_FOUND);
  const maxField = msg.fields.get(W.FIELD_MAX_RECORDS);
  let budget = maxField ? Number(maxField.readBigUInt64BE(0)) || Infinity : Infinity;
  let pending: Buffer[] = [];
  let bytes = 0;
  const push = async (m: Buffer): Promise<void> => {
    pending.push(m);
    bytes += m.length;
    if (bytes < FRAME_BYTES) return;
    const body = Buffer.concat(pending);
    pending = [];
    bytes = 0;
    await send(W.frame(W.TYPE_MESSAGE, body));
  };
  for (const { pid, after } of requested(msg, owned)) {
    const recs = store.partition(ns, pid, set).filter((r) => !range || Store.inRange(r, range.bin, range.lo, range.hi));
    const ordered = recs.map((r) => [r.digest.toString('hex'), r] as [string, StoredRecord]).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    let done = true;
    for (const [hex, rec] of ordered) {
      if (after !== undefined && hex <= after) continue;
      if (budget <= 0) {
        done = false;
        break;
      }
      budget--;
      await push(recordMsg(ns, rec, msg));
    }
    if (done) await push(writeMsg({ resultCode: W.OK, info3: W.INFO3_PARTITION_DONE, generation: pid }));
  }
  if (pending.length > 0) await send(W.frame(W.TYPE_MESSAGE, Buffer.concat(pending)));
  counters.add(ns, range ? 'query_basic_complete' : 'scan_basic_complete');
  return last(W.OK);
}

function recordMsg(ns: string, rec: StoredRecord, msg: Msg): Buffer {
  return writeMsg({
    resultCode: W.OK,
    generation: rec.generation,
    fields: [
      [W.FIELD_NAMESPACE, Buffer.from(ns)],
      [W.FIELD_SET, Buffer.from(rec.set)],
      [W.FIELD_DIGEST, rec.digest],
    ],
    bins: readBins(rec, msg.info1, msg.ops),
  });
}
