/**
 * Aerospike wire-protocol constants and framing, as much of them as the test
 * node needs. Every message starts with an 8-byte proto header: version (2),
 * type, and a 48-bit big-endian body size.
 */
export const PROTO_VERSION = 2;
export const PROTO_HEADER_SIZE = 8;
export const TYPE_INFO = 1;
export const TYPE_ADMIN = 2;
export const TYPE_MESSAGE = 3;
/** No request may claim a body larger than this (the client's own cap). */
export const MAX_BODY_SIZE = 128 * 1024 * 1024;

/** Bits of the message header's info1 / info2 / info3 bytes. */
export const INFO1_READ = 1;
export const INFO1_GET_ALL = 2;
export const INFO1_BATCH = 8;
export const INFO1_NOBINDATA = 32;
export const INFO2_WRITE = 1;
export const INFO2_DELETE = 2;
export const INFO3_LAST = 1;
export const INFO3_PARTITION_DONE = 4;

/** Field types. */
export const FIELD_NAMESPACE = 0;
export const FIELD_SET = 1;
export const FIELD_KEY = 2;
export const FIELD_DIGEST = 4;
export const FIELD_PID_ARRAY = 11;
export const FIELD_DIGEST_ARRAY = 12;
export const FIELD_MAX_RECORDS = 13;
export const FIELD_INDEX_RANGE = 22;
export const FIELD_BATCH_INDEX = 41;

/** Operation types. */
export const OP_READ = 1;
export const OP_WRITE = 2;

/** Particle (value) types. */
export const PARTICLE_NULL = 0;
export const PARTICLE_INTEGER = 1;
export const PARTICLE_STRING = 3;
export const PARTICLE_BLOB = 4;

/** Result codes the node answers with. */
export const OK = 0;
export const ERR_SERVER = 1;
export const ERR_NOT_FOUND = 2;
export const ERR_PARAMETER = 4;
export const ERR_TIMEOUT = 9;
export const ERR_NAMESPACE = 20;
export const ERR_INDEX_NOT_FOUND = 201;
export const ERR_INDEX_FOUND = 200;
export const SECURITY_NOT_ENABLED = 52;
export const INVALID_USER = 60;
export const INVALID_CREDENTIAL = 65;

export const DIGEST_SIZE = 20;
export const N_PARTITIONS = 4096;

/** The partition of a digest: its first two bytes, little-endian, masked. */
export function partitionOf(digest: Buffer): number {
  return digest.readUInt16LE(0) & (N_PARTITIONS - 1);
}

export function frame(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(PROTO_HEADER_SIZE);
  head[0] = PROTO_VERSION;
  head[1] = type;
  head.writeUIntBE(body.length, 2, 6);
  return Buffer.concat([head, body]);
}

export interface Frame {
  type: number;
  body: Buffer;
}

/** Splits a byte stream into frames; throws on a header no client sends. */
export class FrameReader {
  private buf: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Frame[] {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const out: Frame[] = [];
    while (this.buf.length >= PROTO_HEADER_SIZE) {
      const size = this.buf.readUIntBE(2, 6);
      if (this.buf[0] !== PROTO_VERSION) throw new Error(`proto version ${this.buf[0]}, expected ${PROTO_VERSION}`);
      if (size > MAX_BODY_SIZE) throw new Error(`proto body of ${size} bytes is over the limit`);
      if (this.buf.length < PROTO_HEADER_SIZE + size) break;
      out.push({ type: this.buf[1], body: this.buf.subarray(PROTO_HEADER_SIZE, PROTO_HEADER_SIZE + size) });
      this.buf = this.buf.subarray(PROTO_HEADER_SIZE + size);
    }
    return out;
  }
}
