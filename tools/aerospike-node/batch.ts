import type { Counters } from './counters';
import { parseOps, writeMsg, type Msg, type Op } from './message';
import { readBins } from './records';
import type { Store } from './store';
import * as W from './wire';

// Row flags of the batch-index field (the batch-any protocol of servers >= 6.0).
const ROW_REPEAT = 0x1;
const ROW_INFO = 0x2;
const ROW_GEN = 0x4;
const ROW_TTL = 0x8;
const ROW_INFO4 = 0x10;

interface Row {
  index: number;
  digest: Buffer;
  ns: string;
  info1: number;
  ops: Op[];
}

/** The rows of a batch-index field: u32 count, u8 flags, then per row index, digest and how to read it. */
export function parseBatch(field: Buffer): Row[] {
  const n = field.readUInt32BE(0);
  let p = 5;
  const rows: Row[] = [];
  let prev: Omit<Row, 'index' | 'digest'> | undefined;
  for (let i = 0; i < n; i++) {
    const index = field.readUInt32BE(p);
    const digest = field.subarray(p + 4, p + 4 + W.DIGEST_SIZE);
    const flags = field[p + 24];
    p += 25;
    if (flags & ROW_REPEAT) {
      if (!prev) throw new Error('batch row repeats before any full row');
      rows.push({ index, digest, ...prev });
      continue;
    }
    let info1: number;
    if (flags === 0) {
      info1 = field[p++]; // the pre-6.0 protocol: read attributes only
    } else {
      info1 = flags & ROW_INFO ? field[p] : 0;
      if (flags & ROW_INFO) p += 3;
      if (flags & ROW_INFO4) p += 1;
      if (flags & ROW_GEN) p += 2;
      if (flags & ROW_TTL) p += 4;
    }
    const nFields = field.readUInt16BE(p);
    const nOps = field.readUInt16BE(p + 2);
    p += 4;
    let ns = '';
    for (let f = 0; f < nFields; f++) {
      const size = field.readUInt32BE(p);
      if (field[p + 4] === W.FIELD_NAMESPACE) ns = field.toString('utf8', p + 5, p + 4 + size);
      p += 4 + size;
    }
    const r = parseOps(field, p, nOps);
    p = r.next;
    prev = { ns, info1, ops: r.ops };
    rows.push({ index, digest, ...prev });
  }
  return rows;
}

/** Every row's answer (its index in the header's timeout field), then the closing LAST message. */
export function batchRead(store: Store, counters: Counters, msg: Msg): Buffer[] {
  const field = msg.fields.get(W.FIELD_BATCH_INDEX);
  if (!field) return [writeMsg({ resultCode: W.ERR_PARAMETER, info3: W.INFO3_LAST })];
  const out: Buffer[] = [];
  for (const row of parseBatch(field)) {
    if (!store.has(row.ns)) {
      counters.add(row.ns, 'batch_sub_read_error');
      out.push(writeMsg({ resultCode: W.ERR_NAMESPACE, index: row.index }));
      continue;
    }
    const rec = store.get(row.ns, row.digest);
    counters.add(row.ns, rec ? 'batch_sub_read_success' : 'batch_sub_read_not_found');
    out.push(
      rec
        ? writeMsg({ resultCode: W.OK, index: row.index, generation: rec.generation, bins: readBins(rec, row.info1, row.ops) })
        : writeMsg({ resultCode: W.ERR_NOT_FOUND, index: row.index }),
    );
  }
  out.push(writeMsg({ resultCode: W.OK, info3: W.INFO3_LAST }));
  return out;
}
