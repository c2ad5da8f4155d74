import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeState } from '../../app/metrics/node-stats';
import type { Sample } from '../../app/metrics/sample';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario } from '../../app/scenario/schema';
import { Run } from '../../main/engine/orchestrator';
import { startAerospikeNode, type AerospikeTestNode } from '../helpers/aerospike-node';
import { sampleWaiter, waitGone } from '../helpers/run';

/** How long partitions migrate into a node that joins (the test node's --migrate-ms). */
const MIGRATE_MS = 5000;
const STEP_TIMEOUT_MS = 15_000;

/**
 * A node joining mid-run while partitions migrate into it, and another
 * quiesced, against the protocol test node (which reports the namespace
 * statistics a real server uses for both: migrate_*_partitions_remaining,
 * pending_quiesce, effective_is_quiesced). This proves how kvscope reads
 * them; how a real cluster moves its partitions is the server's.
 */
describe('node state from Aerospike namespace statistics', () => {
  let node: AerospikeTestNode;
  beforeAll(async () => {
    node = await startAerospikeNode(['--nodes', '2', '--migrate-ms', String(MIGRATE_MS), '--ticker-ms', '1000']);
    await node.stopNode(1);
  });
  afterAll(async () => node?.close());

  it('shows a node joining while partitions migrate into it, then up, and a quiesced node leaving', async () => {
    const [first, second] = await node.info();
    const input = findScenario('aerospike-50-50')!;
    const run = new Run(
      parseScenario({
        ...input,
        // Seeded with the node that is up: the other joins the cluster later.
        target: { ...(input.target as object), kind: 'aerospike', hosts: `127.0.0.1:${first.port}` },
        workers: 1,
        inFlight: 8,
        keySpace: 2000,
        warmupSeconds: 1,
        durationSeconds: 12,
      }),
    );
    const samples: Sample[] = [];
    run.on('sample', (s: Sample) => samples.push(s));
    const find = (s: Sample, name: string) => s.nodes.find((n) => n.id === name);
    const seen = sampleWaiter(samples, STEP_TIMEOUT_MS);
    const steps = (async () => {
      await seen((s) => s.phase === 'run', 'of the measured phase');
      await node.startNode(1);
      await seen((s) => find(s, second.name) !== undefined && nodeState(find(s, second.name)!) === 'up', 'with the new node up');
      await node.quiesce(0);
    })();
    const summary = await run.execute();
    await steps;
    expect(summary.status).toBe('done');

    const states = (name: string) =>
      samples.filter((s) => find(s, name)).map((s) => ({ state: nodeState(find(s, name)!), note: find(s, name)!.note }));
    const joined = states(second.name);
    expect(joined[0].state).toBe('joining');
    expect(joined.filter((x) => x.state === 'joining').every((x) => /partitions? to receive/.test(x.note ?? ''))).toBe(true);
    const upAt = joined.findIndex((x) => x.state === 'up');
    // Receiving for MIGRATE_MS (the client sees a new node a second or two after it starts): joining, then up for good.
    expect(upAt).toBeGreaterThanOrEqual(1);
    expect(joined.slice(upAt).every((x) => x.state === 'up')).toBe(true);
    // The node already there sent those partitions: up, what it sends as a note.
    const old = states(first.name);
    expect(old.some((x) => x.state === 'up' && /partitions? to send/.test(x.note ?? ''))).toBe(true);
    const leavingAt = old.findIndex((x) => x.state === 'leaving');
    expect(leavingAt).toBeGreaterThan(0);
    expect(old.slice(leavingAt)).toEqual(old.slice(leavingAt).map(() => ({ state: 'leaving', note: 'quiesced' })));
    // A quiesced node still answers: no lost node, and the load moved to the other node.
    expect(summary.outcome!.lostNodes ?? []).toEqual([]);
    expect(summary.outcome!.kind).not.toBe('degraded');
    expect(await waitGone([...run.workerPids, run.monitorPid!], 10_000)).toEqual([]);
  });
});
