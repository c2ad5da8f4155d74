import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND, OK, runOnce } from '../../workers/load/driver';
import { keyFor } from '../../workers/load/keys';
import { startAerospikeNode, type AerospikeTestNode } from '../helpers/aerospike-node';
import { harness, rejection, withDriver } from './aerospike-helpers';

const PREFILL = 500;
const PAGE = 100;

describe('the aerospike driver against the protocol test node (2 nodes)', () => {
  let node: AerospikeTestNode;
  const sinkDir = mkdtempSync(join(tmpdir(), 'kvscope-sink-'));
  beforeAll(async () => {
    node = await startAerospikeNode(['--nodes', '2']);
  });
  afterAll(async () => {
    await node?.close();
    rmSync(sinkDir, { recursive: true, force: true });
  });

  it('puts, gets, deletes and batch-reads, telling found from not found', async () => {
    const h = harness(node.hosts, { batchSize: 4 });
    await withDriver(h, async (d) => {
      expect(d.versions.aerospike).toMatch(/^6\.7\./);
      expect(h.logs.join('\n')).toContain('2 node(s)');
      expect(await runOnce(d, 'get', 'nosuchkey')).toBe(NOT_FOUND);
      expect(await runOnce(d, 'put', 'key-a')).toBe(OK);
      const before = h.ctx.io.bytesIn;
      expect(await runOnce(d, 'get', 'key-a')).toBe(OK);
      expect(h.ctx.io.bytesIn - before).toBe(100);
      expect(await runOnce(d, 'batch-read', 'key-a')).toBe(OK);
      expect(await runOnce(d, 'delete', 'key-a')).toBe(OK);
      expect(await runOnce(d, 'delete', 'key-a')).toBe(NOT_FOUND);
      expect(await runOnce(d, 'get', 'key-a')).toBe(NOT_FOUND);
      expect(await runOnce(d, 'batch-read', 'key-a')).toBe(NOT_FOUND);
      // An operation the driver does not have is refused by name, not sent.
      await expect(d.run('scan-all', 'key-a')).rejects.toThrow('aerospike has no operation "scan-all"');
    });
  });

  it('reads then writes a record as one rmw, whether or not it was there', async () => {
    const h = harness(node.hosts);
    await withDriver(h, async (d) => {
      expect(await runOnce(d, 'rmw', 'rmw-fresh')).toBe(OK);
      expect(await runOnce(d, 'get', 'rmw-fresh')).toBe(OK);
      const before = { in: h.ctx.io.bytesIn, out: h.ctx.io.bytesOut };
      expect(await runOnce(d, 'rmw', 'rmw-fresh')).toBe(OK);
      // The read's 100 bytes in; the key twice and the 100-byte value out.
      expect(h.ctx.io.bytesIn - before.in).toBe(100);
      expect(h.ctx.io.bytesOut - before.out).toBe(2 * 'rmw-fresh'.length + 100);
    });
  });

  it('writes bytes and integer bins as those types', async () => {
    for (const [binType, check] of [
      ['bytes', (v: unknown) => Buffer.isBuffer(v) && v.length === 100],
      ['integer', (v: unknown) => typeof v === 'number'],
    ] as const) {
      const h = harness(node.hosts, { binType });
      await withDriver(h, async (d) => {
        await d.run('put', `typed-${binType}`);
        const rec = (await d.run('get', `typed-${binType}`)) as { bins: { v: unknown } };
        expect(check(rec.bins.v)).toBe(true);
      });
    }
  });

  it('reports a failed command with its result code, and timeouts as timeouts', async () => {
    const h = harness(node.hosts, { namespace: 'nosuchns', totalTimeoutMs: 300 });
    await withDriver(h, async (d) => {
      const err = await rejection(d.run('get', 'k'));
      expect(d.isTimeout(err)).toBe(false);
      expect(d.describeError!(err)).toMatch(/\(code 20\)$/);
    });
    const t = harness(node.hosts, { totalTimeoutMs: 300 });
    await withDriver(t, async (d) => {
      await node.fault(0, 'stall');
      await node.fault(1, 'stall');
      try {
        const err = await rejection(d.run('get', 'k'));
        expect(d.isTimeout(err)).toBe(true);
      } finally {
        await node.fault(0, 'none');
        await node.fault(1, 'none');
      }
    });
  });

  it('counts commands on a node that drops its connections as errors, not timeouts', async () => {
    const h = harness(node.hosts, { totalTimeoutMs: 1000 });
    await withDriver(h, async (d) => {
      await node.fault(0, 'drop');
      await node.fault(1, 'drop');
      try {
        const err = await rejection(d.run('put', 'dropped'));
        expect(d.isTimeout(err)).toBe(false);
        expect(d.describeError!(err)).toMatch(/\(code -?\d+\)$/);
      } finally {
        await node.fault(0, 'none');
        await node.fault(1, 'none');
      }
      expect(await runOnce(d, 'put', 'dropped')).toBe(OK);
    });
  });

  it('scans the whole set page by page, and starts the next pass when one ends', async () => {
    const h = harness(node.hosts, { set: 'scanned', prefill: PREFILL, pageSize: PAGE }, { mix: { scan: 1 } });
    await withDriver(h, async (d) => {
      const seen = new Map<string, number>();
      for (let i = 0; i < 2 * PREFILL; i++) {
        const rec = (await d.run('scan', '')) as { key: { digest: Buffer } };
        const id = rec.key.digest.toString('hex');
        seen.set(id, (seen.get(id) ?? 0) + 1);
      }
      expect(seen.size).toBe(PREFILL);
      expect([...seen.values()].every((n) => n === 2)).toBe(true);
      expect(h.logs.join('\n')).toContain(`prefill: ${PREFILL} records in test.scanned`);
    });
  });

  it('queries an integer range through the index it creates, and writes records to the file sink', async () => {
    const h = harness(
      node.hosts,
      { set: 'queried', prefill: PREFILL, pageSize: PAGE, queryFrom: 100, queryTo: 199, sink: 'file', sinkDir },
      { mix: { query: 1 } },
    );
    let file = '';
    await withDriver(h, async (d) => {
      const ns = new Set<number>();
      for (let i = 0; i < 100; i++) ns.add(((await d.run('query', '')) as { bins: { n: number } }).bins.n);
      expect([...ns].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => 100 + i));
      expect(h.logs.join('\n')).toContain('created secondary index kvscope_n');
      file = join(sinkDir, readdirSync(sinkDir)[0]);
      await new Promise((r) => setTimeout(r, 100));
      expect(readFileSync(file, 'utf8').trim().split('\n').length).toBeGreaterThanOrEqual(99);
    });
    expect(existsSync(file)).toBe(false);
  });

  it('fails a query without an index when told not to create one, naming the cause', async () => {
    const h = harness(node.hosts, { set: 'noindex', createIndex: false, queryFrom: 0, queryTo: 10 }, { mix: { query: 1 } });
    await withDriver(h, async (d) => {
      await d.run('put', keyFor(1, 8));
      const err = await rejection(d.run('query', ''));
      expect(d.describeError!(err)).toMatch(/code 201/);
    });
  });
});
