/**
 * The AS_MSG body of a type-3 proto: a 22-byte header, then fields
 * (size u32 incl. the type byte, type u8, data), then operations (size u32,
 * op u8, particle type u8, version u8, name length u8, name, value).
 */
export const MSG_HEADER_SIZE = 22;

export interface Bin {
  name: string;
  type: number;
  value: Buffer;
}

export interface Op extends Bin {
  op: number;
}

export interface Msg {
  info1: number;
  info2: number;
  info3: number;
  resultCode: number;
  generation: number;
  ttl: number;
  /** The request's total timeout; in batch answers, the row index. */
  timeout: number;
  fields: Map<number, Buffer>;
  ops: Op[];
}

/** Parse one message at `at`; returns it and where the next one starts. */
export function parseMsg(body: Buffer, at = 0): { msg: Msg; next: number } {
  if (body[at] !== MSG_HEADER_SIZE) throw new Error(`message header size ${body[at]}, expected ${MSG_HEADER_SIZE}`);
  const nFields = body.readUInt16BE(at + 18);
  const nOps = body.readUInt16BE(at + 20);
  let p = at + MSG_HEADER_SIZE;
  const fields = new Map<number, Buffer>();
  for (let i = 0; i < nFields; i++) {
    const size = body.readUInt32BE(p);
    fields.set(body[p + 4], body.subarray(p + 5, p + 4 + size));
    p += 4 + size;
  }
  const r = parseOps(body, p, nOps);
  const msg: Msg = {
    info1: body[at + 1],
    info2: body[at + 2],
    info3: body[at + 3],
    resultCode: body[at + 5],
    generation: body.readUInt32BE(at + 6),
    ttl: body.readUInt32BE(at + 10),
    timeout: body.readUInt32BE(at + 14),
    fields,
    ops: r.ops,
  };
  return { msg, next: r.next };
}

export function parseOps(body: Buffer, at: number, n: number): { ops: Op[]; next: number } {
  const ops: Op[] = [];
  let p = at;
  for (let i = 0; i < n; i++) {
    const size = body.readUInt32BE(p);
    const nameLen = body[p + 7];
    ops.push({
      op: body[p + 4],
      type: body[p + 5],
      name: body.toString('utf8', p + 8, p + 8 + nameLen),
      value: body.subarray(p + 8 + nameLen, p + 4 + size),
    });
    p += 4 + size;
  }
  return { ops, next: p };
}

export interface Reply {
  resultCode: number;
  info3?: number;
  generation?: number;
  ttl?: number;
  /** Batch answers carry the row index here. */
  index?: number;
  fields?: [number, Buffer][];
  bins?: Bin[];
}

/** An answer message (the proto header is added by the caller). */
export function writeMsg(r: Reply): Buffer {
  const fields = r.fields ?? [];
  const bins = r.bins ?? [];
  let size = MSG_HEADER_SIZE;
  for (const [, d] of fields) size += 5 + d.length;
  for (const b of bins) size += 8 + Buffer.byteLength(b.name) + b.value.length;
  const out = Buffer.alloc(size);
  out[0] = MSG_HEADER_SIZE;
  out[3] = r.info3 ?? 0;
  out[5] = r.resultCode;
  out.writeUInt32BE(r.generation ?? 0, 6);
  out.writeUInt32BE(r.ttl ?? 0, 10);
  out.writeUInt32BE(r.index ?? 0, 14);
  out.writeUInt16BE(fields.length, 18);
  out.writeUInt16BE(bins.length, 20);
  let p = MSG_HEADER_SIZE;
  for (const [type, d] of fields) {
    out.writeUInt32BE(d.length + 1, p);
    out[p + 4] = type;
    d.copy(out, p + 5);
    p += 5 + d.length;
  }
  for (const b of bins) {
    const nameLen = out.write(b.name, p + 8);
    out.writeUInt32BE(4 + nameLen + b.value.length, p);
    out[p + 4] = 1; // a read op answers each bin
    out[p + 5] = b.type;
    out[p + 7] = nameLen;
    b.value.copy(out, p + 8 + nameLen);
    p += 8 + nameLen + b.value.length;
  }
  return out;
}
