import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeState } from '../../app/metrics/node-stats';
import type { Sample } from '../../app/metrics/sample';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario } from '../../app/scenario/schema';
import { redisServerPath } from '../../app/host/local-tools';
import { Run } from '../../main/engine/orchestrator';
import { freePort } from '../../workers/local/free-port';
import { clusterNodeArgs, startRedisCluster, type LocalCluster } from '../../workers/local/redis-cluster';
import { SpawnedServer } from '../../workers/local/spawned';
import { waitUntil } from '../../workers/local/wait-until';
import { keyFor } from '../../workers/load/keys';
import { sampleWaiter, waitGone } from '../helpers/run';

const HOST = '127.0.0.1';
const KEY_SPACE = 2000;
const KEY_LENGTH = 16;
const STEP_TIMEOUT_MS = 15_000;

const client = (port: number): Redis => {
  const c = new Redis({ host: HOST, port, maxRetriesPerRequest: 0 });
  c.on('error', () => undefined);
  return c;
};
const myId = async (c: Redis): Promise<string> => (await c.call('CLUSTER', 'MYID')) as string;

/**
 * A master added to a live Redis Cluster mid-run, given a slot, then handing
 * it back: the run shows it joining (no slots, then importing), up once it
 * holds its slot, and leaving while its last slot moves away; the master it
 * takes the slot from is up with the slot moving as a note. States come from
 * the cluster's own CLUSTER NODES.
 */
describe('node state from Redis Cluster membership', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-rm-'));
  let cluster: LocalCluster;
  let added: SpawnedServer | undefined;
  const clients: Redis[] = [];

  beforeAll(async () => {
    cluster = await startRedisCluster(3);
  });
  afterAll(async () => {
    clients.forEach((c) => c.disconnect());
    await added?.stop();
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows a new master joining while it has no slots and imports one, up once it holds it, leaving as it hands its last slot over and once emptied, and down once forgotten', async () => {
    const a = client(cluster.seed.port);
    clients.push(a);
    // A slot of A's that no key of the run maps to: moving it never strands a key.
    const used = new Set<number>();
    const pipe = a.pipeline();
    for (let i = 0; i < KEY_SPACE; i++) pipe.call('CLUSTER', 'KEYSLOT', keyFor(i, KEY_LENGTH));
    for (const [, slot] of (await pipe.exec())!) used.add(slot as number);
    const slot = [...Array(100).keys()].find((s) => !used.has(s))!;
    expect(slot).toBeDefined();

    const port = await freePort(HOST);
    const base = findScenario('redis-cluster-mix')!;
    const run = new Run(
      parseScenario({
        ...base,
        target: { ...(base.target as object), localCluster: 0, cluster: true, host: HOST, port: cluster.seed.port },
        workers: 1,
        inFlight: 8,
        keySpace: KEY_SPACE,
        keyLength: KEY_LENGTH,
        warmupSeconds: 1,
        durationSeconds: 22,
      }),
    );
    const samples: Sample[] = [];
    const id = `${HOST}:${port}`;
    const seen = sampleWaiter(samples, STEP_TIMEOUT_MS);
    const stateOf = (s: Sample) => s.nodes.find((n) => n.id === id);
    run.on('sample', (s: Sample) => samples.push(s));

    const steps = (async () => {
      await seen((s) => s.phase === 'run', 'of the measured phase');
      const n = samples.length;
      added = new SpawnedServer(redisServerPath()!, clusterNodeArgs(port, dir), dir);
      const d = client(port);
      clients.push(d);
      await waitUntil(
        async () => (await d.ping()) === 'PONG',
        STEP_TIMEOUT_MS,
        () => added?.endedBecause,
      );
      await a.call('CLUSTER', 'MEET', HOST, String(port));
      await seen((s) => samples.indexOf(s) >= n && stateOf(s) !== undefined, 'with the new master');
      const [aId, dId] = [await myId(a), await myId(d)];
      await d.call('CLUSTER', 'SETSLOT', String(slot), 'IMPORTING', aId);
      await a.call('CLUSTER', 'SETSLOT', String(slot), 'MIGRATING', dId);
      await seen((s) => stateOf(s)?.note === 'importing 1 slot', 'with the new master importing');
      await d.call('CLUSTER', 'SETSLOT', String(slot), 'NODE', dId);
      await a.call('CLUSTER', 'SETSLOT', String(slot), 'NODE', dId);
      await seen((s) => stateOf(s) !== undefined && nodeState(stateOf(s)!) === 'up', 'with the new master up');
      await a.call('CLUSTER', 'SETSLOT', String(slot), 'IMPORTING', dId);
      await d.call('CLUSTER', 'SETSLOT', String(slot), 'MIGRATING', aId);
      await seen((s) => stateOf(s)?.note === 'handing over its last 1 slot', 'with the new master leaving');
      // An emptied master would turn into A's replica (Redis 7's default); kept a master here, as one about to be removed.
      await d.call('CONFIG', 'SET', 'cluster-allow-replica-migration', 'no');
      await d.call('CLUSTER', 'SETSLOT', String(slot), 'NODE', aId);
      await a.call('CLUSTER', 'SETSLOT', String(slot), 'NODE', aId);
      await seen((s) => stateOf(s)?.note === 'emptied: holds no slots', 'with the new master emptied');
      // Removed as redis-cli del-node does: every other master forgets it (and bans it from gossip for a minute).
      for (const { port: p } of cluster.nodes) {
        const c = client(p);
        clients.push(c);
        await c.call('CLUSTER', 'FORGET', dId);
      }
    })();
    const summary = await run.execute();
    await steps;
    expect(summary.status).toBe('done');

    const ofD = samples.filter((s) => stateOf(s)).map((s) => ({ state: nodeState(stateOf(s)!), note: stateOf(s)!.note }));
    expect(ofD[0].state).toBe('joining');
    expect(ofD).toContainEqual({ state: 'joining', note: 'importing 1 slot' });
    const upAt = ofD.findIndex((x) => x.state === 'up');
    expect(upAt).toBeGreaterThan(0);
    expect(ofD.slice(0, upAt).every((x) => x.state === 'joining')).toBe(true);
    const leavingAt = ofD.findIndex((x) => x.state === 'leaving');
    expect(leavingAt).toBeGreaterThan(upAt);
    expect(ofD[leavingAt].note).toBe('handing over its last 1 slot');
    const emptiedAt = ofD.findIndex((x) => x.note === 'emptied: holds no slots');
    expect(emptiedAt).toBeGreaterThan(leavingAt);
    expect(ofD.slice(leavingAt, emptiedAt + 1).every((x) => x.state === 'leaving')).toBe(true);
    // Forgotten by the others: no longer listed, so down once quiet for NODE_STALE_MS, to the end.
    const downAt = ofD.findIndex((x) => x.state === 'down');
    expect(downAt).toBeGreaterThan(emptiedAt);
    expect(ofD.slice(downAt).every((x) => x.state === 'down')).toBe(true);
    // The master the slot came from stayed up, the move named.
    const aNotes = samples.flatMap((s) => s.nodes.filter((x) => x.id === `${HOST}:${cluster.seed.port}`));
    expect(aNotes.every((x) => nodeState(x) === 'up')).toBe(true);
    expect(aNotes.map((x) => x.note)).toContain('migrating 1 slot out');
    // The run lost a node, one its cluster was taking out: degraded, and said so.
    expect(summary.outcome).toMatchObject({ kind: 'degraded', lostNodes: [{ id, left: true }] });
    expect(summary.outcome!.reason).toMatch(new RegExp(`node ${id} left \\(was leaving\\) at second`));
    expect(await waitGone([...run.workerPids, run.monitorPid!], 10_000)).toEqual([]);
  });
});
