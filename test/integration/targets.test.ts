import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NodeCounters } from '../../app/metrics/node-stats';
import { httpRequest, killAllTargets, TargetChild, waitUntil } from '../helpers/target-child';
import { isAlive } from '../helpers/processes';

const FILE_SIZE = 500 * 1024;

let workDir: string;
let blocker: Server | undefined;

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'kvscope-target-'));
});

afterEach(async () => {
  killAllTargets();
  blocker?.close();
  blocker = undefined;
  await rm(workDir, { recursive: true, force: true });
});

function total(nodes: NodeCounters[], key: string): number {
  return nodes.reduce((sum, n) => sum + (n.counters[key] ?? 0), 0);
}

/** The newest 'node-stats' whose counters pass `pred`, waiting for the once-a-second report. */
/** Each node's newest reading, once they satisfy `pred` (a cluster's nodes report in messages of their own). */
async function statsWhere(t: TargetChild, pred: (nodes: NodeCounters[]) => boolean): Promise<NodeCounters[]> {
  const latest = new Map<string, NodeCounters>();
  await t.waitFor('node-stats', (x) => {
    for (const n of x.data.nodes) latest.set(n.id, n);
    return pred([...latest.values()]);
  });
  return [...latest.values()];
}

async function kvRoundTrip(base: string): Promise<void> {
  const put = await httpRequest('PUT', `${base}/somekey`, '[5,3,9,1]');
  expect([201, 204]).toContain(put.status);
  const get = await httpRequest('GET', `${base}/somekey`);
  expect(get.status).toBe(200);
  expect(get.body.toString()).toBe('[5,3,9,1]');
  expect((await httpRequest('GET', `${base}/missingkey`)).status).toBe(404);
  expect((await httpRequest('PUT', `${base}/Bad.Key`, '[1]')).status).toBe(400);
}

describe('built-in kv target, async mode', () => {
  it('serves PUT/GET, counts requests and exits 0 on stop', async () => {
    const t = TargetChild.fork();
    const ready = await t.start({ kind: 'builtin-kv', mode: 'async', nTimes: 3 }, workDir);
    expect(ready.pids).toEqual([t.child.pid]);
    expect(ready.port).toBeGreaterThan(0);
    await kvRoundTrip(`http://${ready.host}:${ready.port}`);
    expect(readdirSync(join(workDir, 'kv-data'))).toEqual(['somekey']);

    const nodes = await statsWhere(t, (n) => total(n, 'read.success') >= 1);
    expect(nodes).toHaveLength(1);
    expect(nodes[0].id).toBe(`kv-${t.child.pid}`);
    expect(nodes[0].address).toBe(`${ready.host}:${ready.port}`);
    expect(nodes[0].counters).toMatchObject({ 'read.success': 1, 'read.notFound': 1, 'write.success': 1, 'write.error': 1 });
    expect(nodes[0].memory).toBeGreaterThan(0);

    t.send({ type: 'stop', data: {} });
    expect(await t.exited()).toEqual({ code: 0, signal: null });
    expect(t.invalid).toEqual([]);
  });

  it('answers 500 when a stored value is not a JSON array of numbers and nTimes > 0', async () => {
    const t = TargetChild.fork();
    const ready = await t.start({ kind: 'builtin-kv', mode: 'async', nTimes: 1 }, workDir);
    const base = `http://${ready.host}:${ready.port}`;
    await httpRequest('PUT', `${base}/text`, 'not json');
    expect((await httpRequest('GET', `${base}/text`)).status).toBe(500);
    await statsWhere(t, (n) => total(n, 'read.error') === 1);
  });

  it('ignores SIGINT and stops cleanly on SIGTERM', async () => {
    const t = TargetChild.fork();
    const ready = await t.start({ kind: 'builtin-kv' }, workDir);
    t.child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 300));
    expect((await httpRequest('GET', `http://${ready.host}:${ready.port}/nokey`)).status).toBe(404);
    t.child.kill('SIGTERM');
    expect(await t.exited()).toEqual({ code: 0, signal: null });
  });

  it('logs an unknown message back as a warning', async () => {
    const t = TargetChild.fork();
    t.send({ type: 'bogus', data: {} });
    const log = await t.waitFor('log', (m) => m.data.level === 'warn');
    expect(log.data.message).toMatch(/bogus/);
  });
});

describe('built-in kv target, cluster mode', () => {
  it('runs 2 server processes on one port and reports each as a node', async () => {
    const t = TargetChild.fork();
    const ready = await t.start({ kind: 'builtin-kv', mode: 'cluster', servers: 2, nTimes: 2 }, workDir);
    expect(new Set(ready.pids).size).toBe(2);
    expect(ready.pids).not.toContain(t.child.pid);
    const base = `http://${ready.host}:${ready.port}`;
    await kvRoundTrip(base);
    for (let i = 0; i < 10; i++) expect((await httpRequest('GET', `${base}/somekey`)).status).toBe(200);

    const nodes = await statsWhere(t, (n) => n.length === 2 && total(n, 'read.success') >= 11);
    expect(nodes.map((n) => n.id).sort()).toEqual(ready.pids.map((p) => `kv-${p}`).sort());
    expect(new Set(nodes.map((n) => n.address))).toEqual(new Set([`${ready.host}:${ready.port}`]));
    expect(total(nodes, 'write.success')).toBe(1);
    expect(total(nodes, 'read.notFound')).toBe(1);

    // Ctrl-C reaches every process of the group; only main may decide to stop.
    for (const pid of [t.child.pid ?? 0, ...ready.pids]) process.kill(pid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 300));
    expect(ready.pids.every(isAlive)).toBe(true);

    t.send({ type: 'stop', data: {} });
    expect(await t.exited()).toEqual({ code: 0, signal: null });
    await waitUntil(() => !ready.pids.some(isAlive), 'the cluster workers are gone');
  });

  it('leaves no server process behind when main goes away', async () => {
    const t = TargetChild.fork();
    const ready = await t.start({ kind: 'builtin-kv', mode: 'cluster', servers: 2 }, workDir);
    expect(ready.pids.every(isAlive)).toBe(true);
    t.child.disconnect();
    await t.exited();
    await waitUntil(() => !ready.pids.some(isAlive), 'the cluster workers are gone');
  });

  it('reports a port in use as fatal and exits 1', async () => {
    blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker?.listen(0, '127.0.0.1', () => {
        const a = blocker?.address();
        resolve(typeof a === 'object' && a ? a.port : 0);
      }),
    );
    const t = TargetChild.fork();
    t.send({ type: 'start', data: { target: { kind: 'builtin-kv', mode: 'cluster', servers: 2, port }, workDir } });
    const fatal = await t.waitFor('fatal');
    expect(fatal.data.message).toContain(`port ${port} on 127.0.0.1 is already in use`);
    expect((await t.exited()).code).toBe(1);
  });

  it('rejects invalid target settings with a fatal naming the field', async () => {
    const t = TargetChild.fork();
    t.send({ type: 'start', data: { target: { kind: 'builtin-kv', servers: 0 }, workDir } });
    const fatal = await t.waitFor('fatal');
    expect(fatal.data.message).toMatch(/servers/);
    expect((await t.exited()).code).toBe(1);
  });
});

describe('built-in file target', () => {
  it('streams the whole file in 4 KiB chunks and counts reads', async () => {
    const t = TargetChild.fork();
    const ready = await t.start({ kind: 'builtin-file', fileSize: FILE_SIZE, chunkSize: 4096 }, workDir);
    expect(ready.pids).toEqual([t.child.pid]);
    const res = await httpRequest('GET', `http://${ready.host}:${ready.port}/anything`);
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(FILE_SIZE));
    expect(res.body.length).toBe(512000);
    const [file] = readdirSync(workDir);
    expect(res.body.equals(readFileSync(join(workDir, file)))).toBe(true);

    const nodes = await statsWhere(t, (n) => total(n, 'read.success') >= 1);
    expect(nodes).toEqual([expect.objectContaining({ id: `file-${t.child.pid}`, address: `${ready.host}:${ready.port}` })]);
    expect(nodes[0].counters['read.error']).toBe(0);

    t.send({ type: 'stop', data: {} });
    expect(await t.exited()).toEqual({ code: 0, signal: null });
  });

  it('serves the file in one read when chunkSize is whole', async () => {
    const t = TargetChild.fork();
    const ready = await t.start({ kind: 'builtin-file', fileSize: 100_000, chunkSize: 'whole' }, workDir);
    const res = await httpRequest('GET', `http://${ready.host}:${ready.port}/`);
    expect(res.body.length).toBe(100_000);
  });
});
