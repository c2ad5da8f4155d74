// Node's global Buffer is a getter: the module's own binding costs an answer no global lookup and call.
import { Buffer } from 'node:buffer';
import type { AerospikeRecord, Client } from 'aerospike';
import { aerospikeModule } from './module';
import { QUERY_BIN } from '../../../../app/scenario/aerospike-target';
import type { DriverContext, IoCounters } from '../../driver';
import type { AerospikeSettings } from './config';
import { FileSink, type Sink } from './sink';

/**
 * After a failed page the client still winds down the commands it sent to
 * the other nodes; closing the client before they finish crashes the
 * process (aerospike 6.7.1, seen against the test node), so close waits
 * this long after the last failure.
 */
const SETTLE_AFTER_FAILURE_MS = 500;

/** The paginated scan or query of one pass through the set. */
interface Pass {
  results(policy?: { maxRecords?: number }): Promise<AerospikeRecord[]>;
  hasNextPage(): boolean;
}

/**
 * Scan and query scenarios: one operation is one record taken from the
 * stream, so ops/s is records/s and an operation's latency is how long it
 * waited for its record. Records come a page at a time (pageSize), and the
 * next page is fetched only once this one is used up (and the file sink has
 * drained), so a worker never holds more than one page. When a pass through
 * the set ends, the next begins.
 */
export class RecordStream {
  private page: (AerospikeRecord | undefined)[] = [];
  private at = 0;
  private pass: Pass | undefined;
  private passRecords = 0;
  private fetching: Promise<void> | undefined;
  private failedAt = -Infinity;
  private readonly sink: Sink | undefined;
  private readonly io: IoCounters;

  constructor(
    private readonly client: Client,
    ctx: DriverContext,
    private readonly t: AerospikeSettings,
    private readonly kind: 'scan' | 'query',
    sink?: Sink,
  ) {
    this.io = ctx.io;
    this.sink = sink ?? (t.sink === 'file' ? new FileSink(t.sinkDir, ctx.workerId) : undefined);
  }

  next(): Promise<unknown> {
    if (this.sink?.blocked) return this.sink.drained().then(() => this.next());
    if (this.at < this.page.length) return Promise.resolve(this.take());
    this.fetching ??= this.fetch().finally(() => (this.fetching = undefined));
    return this.fetching.then(() => this.next());
  }

  /** Wait for a page in flight and for a failed one's commands to end, then close the sink. */
  async close(): Promise<void> {
    await this.fetching?.catch(() => undefined);
    const wait = this.failedAt + SETTLE_AFTER_FAILURE_MS - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await this.sink?.close();
  }

  private take(): AerospikeRecord {
    const rec = this.page[this.at]!;
    this.page[this.at++] = undefined; // the record is the caller's now; the page must not keep it alive
    const v = rec.bins.v as unknown;
    this.io.bytesIn += typeof v === 'string' || Buffer.isBuffer(v) ? v.length : 8;
    this.sink?.write(rec);
    return rec;
  }

  private async fetch(): Promise<void> {
    this.page = [];
    this.at = 0;
    if (!this.pass) {
      this.pass = this.newPass();
      this.passRecords = 0;
    }
    let page: AerospikeRecord[];
    try {
      page = await this.pass.results({ maxRecords: this.t.pageSize });
    } catch (err) {
      this.failedAt = Date.now();
      this.pass = undefined;
      throw err;
    }
    this.passRecords += page.length;
    if (!this.pass.hasNextPage()) {
      if (this.passRecords === 0) {
        this.pass = undefined;
        throw new Error(
          `${this.kind} of ${this.t.namespace}.${this.t.set} found no records${this.kind === 'query' ? ` with ${QUERY_BIN} in [${this.t.queryFrom}, ${this.t.queryTo}]` : ''}: prefill the set (target.prefill) or point the scenario at a set with data`,
        );
      }
      this.pass = undefined;
    }
    this.page = page;
  }

  private newPass(): Pass {
    const { namespace, set } = this.t;
    if (this.kind === 'scan') return this.client.scan(namespace, set, { paginate: true }) as unknown as Pass;
    const q = this.client.query(namespace, set, { paginate: true, maxRecords: this.t.pageSize });
    q.where(aerospikeModule().filter.range(QUERY_BIN, this.t.queryFrom, this.t.queryTo));
    return q as unknown as Pass;
  }
}
