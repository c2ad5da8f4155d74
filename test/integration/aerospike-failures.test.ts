import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { parseScenario } from '../../app/scenario/schema';
import { Run } from '../../main/engine/orchestrator';
import { recordRun } from '../../main/engine/run-recorder';
import { freePort } from '../../workers/local/free-port';
import { startAerospikeNode, type AerospikeTestNode } from '../helpers/aerospike-node';
import { waitGone } from '../helpers/run';
import { nodeState } from '../../app/metrics/node-stats';
import { harness, rejection } from './aerospike-helpers';

const CONNECT_TIMEOUT_MS = 500;
/** An unreachable seed must be reported within its connect timeout plus this much of client overhead. */
const CONNECT_SLACK_MS = 3000;
const PASSWORD = 'pw-9d2f-secret';

describe('aerospike failures against the protocol test node', () => {
  let secured: AerospikeTestNode;
  let cluster: AerospikeTestNode;
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-as-fail-'));
  beforeAll(async () => {
    secured = await startAerospikeNode(['--users', 'alice']);
    cluster = await startAerospikeNode(['--nodes', '2']);
  });
  afterAll(async () => {
    await secured?.close();
    await cluster?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports an unreachable seed host clearly, within the connect timeout', async () => {
    const port = await freePort();
    const h = harness(`127.0.0.1:${port}`, { connectTimeoutMs: CONNECT_TIMEOUT_MS });
    const t0 = Date.now();
    const err = await rejection(h.driver.connect());
    expect(Date.now() - t0).toBeLessThan(CONNECT_TIMEOUT_MS + CONNECT_SLACK_MS);
    expect(err.message).toContain(`cannot connect to aerospike at 127.0.0.1:${port}`);
    expect(err.message).toContain(`no seed host answered within ${CONNECT_TIMEOUT_MS} ms`);
  });

  it('says when authentication fails, without the password', async () => {
    const bad = harness(secured.hosts, { user: 'mallory', password: PASSWORD });
    const err = await rejection(bad.driver.connect());
    expect(err.message).toMatch(/authentication failed for user "mallory"/);
    expect(err.message).not.toContain(PASSWORD);
    const good = harness(secured.hosts, { user: 'alice', password: PASSWORD });
    await good.driver.connect();
    await good.driver.close();
  });

  it('shows a node that leaves mid-run as failures, then recovery when it is back; the run is kept', async () => {
    const run = new Run(
      parseScenario({
        name: 'aerospike-node-loss',
        target: { kind: 'aerospike', hosts: cluster.hosts.split(',')[0], totalTimeoutMs: 300, user: undefined },
        mix: { get: 0.5, put: 0.5 },
        keySpace: 1000,
        keyLength: 8,
        valueSize: 100,
        workers: 1,
        inFlight: 4,
        warmupSeconds: 0,
        durationSeconds: 9,
      }),
    );
    const file = recordRun(run, { dir });
    const events: string[] = [];
    run.on('sample', (s: { second: number }) => {
      if (s.second === 2) void cluster.stopNode(1).then(() => events.push('stopped'));
      if (s.second === 5) void cluster.startNode(1).then(() => events.push('started'));
    });
    const summary = await run.execute();
    expect(events).toEqual(['stopped', 'started']);
    expect(summary.status).toBe('done');
    const saved = readRunFile(file.path()!);
    // A lost node fails operations as errors or timeouts, or as unavailable (no connection): all count.
    const failed = saved.samples.map(
      (s) => s.totals.errors + s.totals.timeouts + Object.values(s.ops).reduce((u, o) => u + (o.unavailable ?? 0), 0),
    );
    const outage = failed.slice(3, 6);
    expect(Math.max(...outage)).toBeGreaterThan(0);
    expect(failed.slice(-2)).toEqual([0, 0]);
    expect(saved.samples.at(-1)!.totals.count).toBeGreaterThan(0);
    // The monitor saw the second node leave (down, kept in the view) and come back.
    const nodesAt = saved.samples.map((s) => s.nodes.filter((n) => nodeState(n) !== 'down').length);
    expect(saved.samples.slice(3, 6).some((s) => s.nodes.some((n) => nodeState(n) === 'down'))).toBe(true);
    expect(nodesAt.slice(0, 2)).toContain(2);
    expect(Math.min(...nodesAt.slice(3, 6))).toBe(1);
    expect(nodesAt.at(-1)).toBe(2);
    expect(readFileSync(file.path()!, 'utf8')).toContain('"kind":"aerospike"');
    expect(await waitGone(run.workerPids, 5000)).toEqual([]);
  });
});
