// Node's global Buffer is a getter: the module's own binding costs an answer no global lookup and call.
import { Buffer } from 'node:buffer';
import type { Client } from 'aerospike';
import { STREAM_OPS } from '../../../../app/scenario/aerospike-target';
import { RMW_OP } from '../../../../app/scenario/targets';
import { NOT_FOUND, noOperation, OK, type Driver, type DriverContext, type IoCounters, type Outcome } from '../../driver';
import { clientConfig, CODE, codeOf, connectError, describeError, UNAVAILABLE_CODES, type AerospikeSettings } from './config';
import { BatchKeys, binValues, VALUE_BIN, type BinRecord } from './keys';
import type { Values } from '../../values';
import { prepareSet } from './prepare';
import { RecordStream } from './stream';
import { aerospikeModule } from './module';
import { clientVersion } from '../../client-module';

/** Distinct seeds for the batch-key generator and the value of each worker. */
const BATCH_SEED_OFFSET = 7_919;

/** An answer without a record; the client rejects a missing record instead (isNotFound), but null says the same. */
const MISSING = null;

type KeyClass = ReturnType<typeof aerospikeModule>['Key'];

class AerospikeDriver implements Driver {
  readonly versions = { aerospike: clientVersion('aerospike') };
  private readonly as = aerospikeModule();
  /**
   * The client's Key class, read from its module once: the module's exports
   * object is in dictionary mode (too many properties), so reading the class
   * from it per operation was a generic property lookup, and a constructor
   * not known where it is called is not inlined (a generic construct stub).
   * A bare client loop holds the class in a constant, as this field does.
   */
  private readonly Key: KeyClass = this.as.Key;
  private client: Client | undefined;
  private stream: RecordStream | undefined;
  private readonly values: Values<BinRecord>;
  private readonly batchKeys: BatchKeys;
  private readonly io: IoCounters;

  constructor(
    private readonly ctx: DriverContext,
    private readonly t: AerospikeSettings,
  ) {
    const s = ctx.scenario;
    this.io = ctx.io;
    this.values = binValues(s, t, s.seed + ctx.workerId);
    this.batchKeys = new BatchKeys(s, t.batchSize, s.seed * BATCH_SEED_OFFSET + ctx.workerId);
  }

  async connect(): Promise<void> {
    let client: Client;
    try {
      client = await this.as.connect(clientConfig(this.t));
    } catch (err) {
      throw connectError(this.t, err);
    }
    this.client = client;
    const nodes = client.getNodes().length;
    this.ctx.log('info', `connected to aerospike at ${this.t.hosts}: ${nodes} node(s), namespace ${this.t.namespace}, set ${this.t.set}`);
    const streamOp = Object.keys(this.ctx.scenario.mix ?? {}).find((op) => STREAM_OPS.includes(op));
    await prepareSet(client, this.ctx, this.t, streamOp === 'query');
    if (streamOp) this.stream = new RecordStream(client, this.ctx, this.t, streamOp as 'scan' | 'query');
  }

  run(op: string, key: string): Promise<unknown> {
    const client = this.client!;
    const t = this.t;
    switch (op) {
      case 'get':
        this.io.bytesOut += key.length;
        return client.get(new this.Key(t.namespace, t.set, key));
      case 'put': {
        const v = this.values.next();
        this.io.bytesOut += key.length + v.bytes;
        return client.put(new this.Key(t.namespace, t.set, key), v.bins);
      }
      case 'delete':
        this.io.bytesOut += key.length;
        return client.remove(new this.Key(t.namespace, t.set, key));
      default:
        return this.runOther(op, key);
    }
  }

  /** The operations that are not a single record's, apart: run is inlined into the load loop's answer path, and its size counts against TurboFan's budget. */
  private runOther(op: string, key: string): Promise<unknown> {
    const t = this.t;
    switch (op) {
      case 'batch-read': {
        const keys = this.batchKeys.next(key);
        for (const k of keys) this.io.bytesOut += k.length;
        return this.client!.batchRead(keys.map((k) => ({ key: new this.Key(t.namespace, t.set, k), readAllBins: true })));
      }
      case 'scan':
      case 'query':
        return this.stream!.next();
      case RMW_OP:
        return this.readModifyWrite(key);
      default:
        return noOperation('aerospike', op);
    }
  }

  /** get then put of the same record, one operation: a record not there yet is read as missing and written. */
  private readModifyWrite(key: string): Promise<unknown> {
    const client = this.client!;
    const t = this.t;
    const k = new this.Key(t.namespace, t.set, key);
    this.io.bytesOut += key.length;
    return client.get(k).then(
      (record) => this.write(client, k, key, (record as { bins?: Record<string, unknown> }).bins?.[VALUE_BIN]),
      (err: unknown) => {
        if (!this.isNotFound(err)) throw err;
        return this.write(client, k, key, undefined);
      },
    );
  }

  private write(client: Client, k: InstanceType<KeyClass>, key: string, read: unknown): Promise<unknown> {
    this.io.bytesIn += binBytes(read);
    const v = this.values.next();
    this.io.bytesOut += key.length + v.bytes;
    return client.put(k, v.bins);
  }

  outcome(result: unknown): Outcome {
    if (result === MISSING) return NOT_FOUND;
    if (Array.isArray(result)) return this.batchOutcome(result as { status: number; record?: { bins?: Record<string, unknown> } }[]);
    const bins = (result as { bins?: Record<string, unknown> }).bins;
    if (bins) this.io.bytesIn += binBytes(bins[VALUE_BIN]);
    return OK;
  }

  isTimeout(err: unknown): boolean {
    return codeOf(err) === CODE.TIMEOUT;
  }

  /** The client rejects a get or delete of a missing record (code 2): an answer, not a failure. */
  isNotFound(err: unknown): boolean {
    return codeOf(err) === CODE.NOT_FOUND;
  }

  /** No connection to the node, no node for the partition, or the client's own circuit breaker. */
  isUnavailable(err: unknown): boolean {
    const code = codeOf(err);
    return code !== undefined && UNAVAILABLE_CODES.includes(code);
  }

  describeError(err: unknown): string {
    return describeError(err, this.t.password);
  }

  async close(): Promise<void> {
    await this.stream?.close();
    const client = this.client;
    this.client = undefined;
    client?.close();
  }

  /** A batch counts as not-found only when none of its keys was found. */
  private batchOutcome(rows: { status: number; record?: { bins?: Record<string, unknown> } }[]): Outcome {
    let found = 0;
    for (const r of rows) {
      if (r.status !== 0) continue;
      found++;
      this.io.bytesIn += binBytes(r.record?.bins?.[VALUE_BIN]);
    }
    return found === 0 ? NOT_FOUND : OK;
  }
}

function binBytes(v: unknown): number {
  if (typeof v === 'string' || Buffer.isBuffer(v)) return v.length;
  return typeof v === 'number' ? 8 : 0;
}

export function createAerospikeDriver(ctx: DriverContext): Driver {
  const t = ctx.scenario.target;
  if (t.kind !== 'aerospike') throw new Error(`the aerospike driver cannot drive a ${t.kind} target`);
  return new AerospikeDriver(ctx, t);
}
