import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../app/scenario/schema';
import type { AerospikeSettings } from '../../workers/load/drivers/aerospike/config';
import { AerospikePoller } from '../../workers/monitor/aerospike-poller';
import { startAerospikeNode, type AerospikeTestNode } from '../helpers/aerospike-node';

const settings = (hosts: string, namespace: string): AerospikeSettings =>
  parseScenario({ target: { kind: 'aerospike', hosts, namespace } }).target as AerospikeSettings;

describe("the aerospike monitor's readings, against the protocol test node", () => {
  let node: AerospikeTestNode;
  beforeAll(async () => {
    node = await startAerospikeNode();
  });
  afterAll(async () => {
    await node?.close();
  });

  it("reads a node's namespace counters; a node that answers without the namespace is quiet, saying why, with one warning", async () => {
    const logs: string[] = [];
    const log = (level: string, m: string): number => logs.push(`${level}: ${m}`);
    const known = new AerospikePoller(settings(node.hosts, 'test'), log);
    const unknown = new AerospikePoller(settings(node.hosts, 'nosuch'), log);
    await known.connect();
    await unknown.connect();
    try {
      const [read] = await known.poll();
      expect(read.quiet ?? false).toBe(false);
      expect(read.down ?? false).toBe(false);
      expect(Object.keys(read.counters).length).toBeGreaterThan(0);
      const [quiet] = await unknown.poll();
      expect(quiet).toMatchObject({ id: read.id, counters: {}, quiet: true, note: expect.stringMatching(/namespace nosuch/) });
      expect(quiet.down ?? false).toBe(false);
      await unknown.poll();
      expect(logs.filter((l) => /^warn: .*namespace nosuch/.test(l))).toHaveLength(1);
    } finally {
      known.close();
      unknown.close();
    }
  });
});
