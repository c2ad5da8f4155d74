import { describe, expect, it } from 'vitest';
import { mergeTicks } from '../../app/metrics/merge-ticks';
import type { Tick } from '../../app/metrics/tick';
import { CATALOG_SWEEPS, catalogSweeps, findScenario } from '../../app/scenario/catalog';
import { parseSweep, planRuns } from '../../app/plan/plan';
import { parseMembers } from '../../app/scenario/hazelcast-target';
import { HAZELCAST_COPIES, HAZELCAST_DATA_HEAP_SHARE, HAZELCAST_FIRST_METRICS_SECONDS } from '../../app/scenario/catalog-hazelcast';
import { MIB } from '../../app/report/numbers';
import { parseScenario, validateScenario } from '../../app/scenario/schema';

const errorsOf = (input: unknown) => {
  const v = validateScenario(input);
  return v.ok ? [] : v.errors;
};

describe('hazelcast and redis cluster settings', () => {
  it('reads member lists with default ports and names a bad entry', () => {
    expect(parseMembers('10.0.0.1, m2:5702')).toEqual(['10.0.0.1:5701', 'm2:5702']);
    expect(errorsOf({ target: { kind: 'hazelcast', members: 'a:1,b:0' } })).toEqual([
      { field: 'target.members', reason: '"b:0" is not host or host:port (a comma-separated list of members)' },
    ]);
  });

  it('refuses a Redis host that no connect could take, naming the field; takes names, IPv4 and IPv6', () => {
    expect(errorsOf({ target: { kind: 'redis', host: 'no such host!!' } })).toEqual([
      { field: 'target.host', reason: 'must be a host name or an IP address (letters, digits, dots and hyphens)' },
    ]);
    for (const host of ['localhost', 'redis-1.example.com', '10.0.0.7', '::1'])
      expect(errorsOf({ target: { kind: 'redis', host } })).toEqual([]);
    // The built-in servers' host (an external one's address) is checked alike.
    expect(errorsOf({ target: { kind: 'builtin-kv', external: true, host: 'a b' } })).toEqual([
      { field: 'target.host', reason: 'must be a host name or an IP address (letters, digits, dots and hyphens)' },
    ]);
  });

  it('refuses a database other than 0 for Redis Cluster, and bounds local clusters', () => {
    expect(errorsOf({ target: { kind: 'redis', cluster: true, db: 2 } })).toEqual([
      { field: 'target.db', reason: 'Redis Cluster has only database 0' },
    ]);
    expect(errorsOf({ target: { kind: 'hazelcast', localMembers: 99 } })[0].field).toBe('target.localMembers');
  });

  it('has the Hazelcast benchmark scenarios, the sweeps among them', () => {
    // The client's own benchmark (benchmark/Benchmark.js): its get, set and random, reproduced.
    const get = parseScenario(findScenario('hazelcast-get'));
    expect(get).toMatchObject({ mix: { get: 1 }, keySpace: 1, inFlight: 128, valueSize: 1024, workers: 1, totalOps: 1_000_000 });
    expect(get.target).toMatchObject({ kind: 'hazelcast', localMembers: 1, prefill: 1 });
    expect(parseScenario(findScenario('hazelcast-set'))).toMatchObject({ mix: { set: 1 }, keySpace: 1, inFlight: 128 });
    expect(parseScenario(findScenario('hazelcast-random'))).toMatchObject({
      mix: { get: 40, set: 40, remove: 20 },
      keySpace: 1000,
      inFlight: 128,
    });
    // kvscope's own variants, under their own names.
    expect(parseScenario(findScenario('hazelcast-read-heavy'))).toMatchObject({
      mix: { get: 0.95, set: 0.05 },
      keySpace: 10_000,
      inFlight: 32,
    });
    expect(parseScenario(findScenario('hazelcast-write-heavy')).mix).toEqual({ get: 0.05, set: 0.95 });
    // Past the client's first metrics, when its code is compiled again.
    for (const name of ['hazelcast-read-heavy', 'hazelcast-write-heavy', 'hazelcast-payloads', 'hazelcast-pipelining'])
      expect(findScenario(name)!.warmupSeconds, name).toBeGreaterThan(HAZELCAST_FIRST_METRICS_SECONDS);
    expect(CATALOG_SWEEPS['hazelcast-pipelining']).toBe('target.autoPipelining=true,false');
    expect(CATALOG_SWEEPS['hazelcast-payloads']).toBe('valueSize=3,1024,102400');
    expect(parseScenario(findScenario('redis-cluster-mix')).target).toMatchObject({ kind: 'redis', localCluster: 3 });
  });

  it.each(['hazelcast-payloads', 'hazelcast-pipelining-payloads'])(
    "fits %s's largest values, and their backups, in the local members' heaps",
    (name) => {
      const s = parseScenario(findScenario(name));
      const sizes = catalogSweeps(name).find((t) => t.startsWith('valueSize='));
      const largest = Math.max(...(sizes ?? '').replace('valueSize=', '').split(',').map(Number));
      expect(largest).toBe(102_400);
      if (s.target.kind !== 'hazelcast') throw new Error(`${name} is not a Hazelcast scenario`);
      const perMember = (s.keySpace * largest * HAZELCAST_COPIES) / s.target.localMembers;
      expect(perMember).toBeLessThan(s.target.memberHeapMb * MIB * HAZELCAST_DATA_HEAP_SHARE);
    },
  );

  it('offers seed 003 as one grid: pipelining on vs off at each payload', () => {
    expect(catalogSweeps('hazelcast-pipelining-payloads')).toEqual(['valueSize=3,1024,102400', 'target.autoPipelining=true,false']);
    const runs = planRuns(findScenario('hazelcast-pipelining-payloads') as unknown as Record<string, unknown>, {
      repeat: 1,
      sweeps: catalogSweeps('hazelcast-pipelining-payloads').map(parseSweep),
    });
    expect(runs.map((r) => r.label)).toEqual([
      'valueSize=3 target.autoPipelining=true',
      'valueSize=3 target.autoPipelining=false',
      'valueSize=1024 target.autoPipelining=true',
      'valueSize=1024 target.autoPipelining=false',
      'valueSize=102400 target.autoPipelining=true',
      'valueSize=102400 target.autoPipelining=false',
    ]);
    expect(catalogSweeps('hazelcast-pipelining')).toEqual(['target.autoPipelining=true,false']);
    expect(catalogSweeps('kv-async')).toEqual([]);
  });
});

describe('client-side per-node counts in worker ticks', () => {
  const tick = (worker: number, nodes: Tick['nodes']): Tick => ({
    worker,
    second: 0,
    ops: {},
    bytesIn: 0,
    bytesOut: 0,
    mem: { rss: 1, heapUsed: 1, external: 0 },
    elu: 0,
    cpu: 0,
    inFlight: 0,
    backlog: 0,
    nodes,
  });

  it("adds up each node across workers; the nodes' own view replaces that attribution when a monitor reads it", () => {
    const ticks = [
      tick(0, [{ id: 'm1', address: 'm1', counters: { 'read.sent': 5, 'write.sent': 1 } }]),
      tick(1, [
        { id: 'm1', address: 'm1', counters: { 'read.sent': 2 } },
        { id: 'm2', address: 'm2', counters: { 'write.sent': 4 } },
      ]),
    ];
    expect(mergeTicks(0, 'run', 0, ticks).nodes).toEqual([
      { id: 'm1', address: 'm1', rates: { 'read.sent': 7, 'write.sent': 1 } },
      { id: 'm2', address: 'm2', rates: { 'write.sent': 4 } },
    ]);
    const server = [{ id: 'm1', address: 'm1', rates: { 'read.success': 9 } }];
    expect(mergeTicks(0, 'run', 0, ticks, server).nodes).toEqual(server);
  });
});
