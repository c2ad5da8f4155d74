import { describe, expect, it } from 'vitest';
import type { Client } from 'aerospike';
import { parseScenario } from '../../app/scenario/schema';
import type { DriverContext } from '../../workers/load/driver';
import type { AerospikeSettings } from '../../workers/load/drivers/aerospike/config';
import type { Sink } from '../../workers/load/drivers/aerospike/sink';
import { RecordStream } from '../../workers/load/drivers/aerospike/stream';

const PAGE = 100;
const SET_SIZE = 250;
const SINK_DELAY_MS = 10;
const RUN_MS = 100;

/** A client whose paginated scans hand out SET_SIZE records, PAGE at a time, counting each fetch. */
function fakeClient() {
  const counts = { fetches: 0, passes: 0 };
  const client = {
    scan: () => {
      counts.passes++;
      let given = 0;
      return {
        results: async ({ maxRecords }: { maxRecords: number }) => {
          counts.fetches++;
          const n = Math.min(maxRecords, SET_SIZE - given);
          given += n;
          return Array.from({ length: n }, (_, i) => ({ key: { digest: Buffer.alloc(20, i) }, bins: { v: 'x'.repeat(10) } }));
        },
        hasNextPage: () => given < SET_SIZE,
      };
    },
  };
  return { client: client as unknown as Client, counts };
}

/** A sink that blocks after every record until SINK_DELAY_MS later: a disk far slower than the scan. */
class SlowSink implements Sink {
  blocked = false;
  written = 0;
  write(): void {
    this.written++;
    this.blocked = true;
  }
  drained(): Promise<void> {
    return new Promise((r) => setTimeout(() => ((this.blocked = false), r()), SINK_DELAY_MS));
  }
  async close(): Promise<void> {}
}

function setup(sink?: Sink) {
  const scenario = parseScenario({ target: { kind: 'aerospike', pageSize: PAGE }, mix: { scan: 1 } });
  const ctx: DriverContext = { scenario, workerId: 0, io: { bytesIn: 0, bytesOut: 0 }, log: () => undefined };
  const { client, counts } = fakeClient();
  return { stream: new RecordStream(client, ctx, scenario.target as AerospikeSettings, 'scan', sink), counts, ctx };
}

describe('the record stream of scan and query scenarios', () => {
  it('fetches a page only when the last one is used up, and starts a new pass after the set ends', async () => {
    const { stream, counts, ctx } = setup();
    for (let i = 0; i < PAGE; i++) await stream.next();
    expect(counts.fetches).toBe(1);
    await stream.next();
    expect(counts.fetches).toBe(2);
    for (let i = PAGE + 1; i < SET_SIZE + 1; i++) await stream.next();
    expect([counts.passes, counts.fetches]).toEqual([2, 4]);
    expect(ctx.io.bytesIn).toBe((SET_SIZE + 1) * 10);
  });

  it('takes no record while the sink is blocked, so a slow sink slows the stream instead of growing memory', async () => {
    const sink = new SlowSink();
    const { stream, counts } = setup(sink);
    let taken = 0;
    const until = Date.now() + RUN_MS;
    while (Date.now() < until) {
      await stream.next();
      taken++;
    }
    expect(taken).toBe(sink.written);
    expect(taken).toBeLessThanOrEqual(RUN_MS / SINK_DELAY_MS + 1);
    expect(counts.fetches).toBe(1);
  });
});
