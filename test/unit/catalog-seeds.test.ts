import { describe, expect, it } from 'vitest';
import { parseSweep, planRuns } from '../../app/plan/plan';
import { catalogSweeps, findScenario } from '../../app/scenario/catalog';

/** A catalog scenario's own plan, as `kvscope run NAME` makes it. */
const plan = (name: string) =>
  planRuns(findScenario(name) as unknown as Record<string, unknown>, { repeat: 1, sweeps: catalogSweeps(name).map(parseSweep) });

describe("the seeds' comparisons, one catalog name each", () => {
  it('seed 001: the same file in 4 KiB chunks, 64 KiB chunks and whole', () => {
    const runs = plan('file-chunks');
    expect(runs.map((r) => r.scenario.target)).toMatchObject([{ chunkSize: 4096 }, { chunkSize: 65536 }, { chunkSize: 'whole' }]);
    expect(new Set(runs.map((r) => (r.scenario.target as { fileSize: number }).fileSize))).toEqual(new Set([500 * 1024]));
  });

  it('seed 002: the key-value server async, then cluster, on the seed config', () => {
    const runs = plan('kv-cluster-vs-async');
    expect(runs.map((r) => (r.scenario.target as { mode: string }).mode)).toEqual(['async', 'cluster']);
    expect(runs[0].scenario).toMatchObject({ readsPerWrite: 3, valueSize: 2000, keyLength: 10, keySpace: 1000, workers: 8 });
    expect(runs.map((r) => r.label)).toEqual(['target.mode=async', 'target.mode=cluster']);
  });

  it('seed 003: pipelining on and off at each payload, as a grid', () => {
    expect(plan('hazelcast-pipelining-payloads')).toHaveLength(6);
  });

  it("seed 003's first table: hazelcast-client 0.10.0 against 4.0.2 at 3 B, 1 KB and 100 KB, read-heavy, write-heavy and random", () => {
    const mixes = {
      'hazelcast-0.10-vs-4.0-read-heavy': { get: 1 },
      'hazelcast-0.10-vs-4.0-write-heavy': { set: 1 },
      'hazelcast-0.10-vs-4.0-random': { get: 40, set: 40, remove: 20 },
    };
    for (const [name, mix] of Object.entries(mixes)) {
      const runs = plan(name);
      expect(runs.map((r) => [r.scenario.valueSize, (r.scenario.target as { client?: string }).client])).toEqual([
        [3, 'hazelcast-client@0.10.0'],
        [3, 'hazelcast-client@4.0.2'],
        [1024, 'hazelcast-client@0.10.0'],
        [1024, 'hazelcast-client@4.0.2'],
        [102400, 'hazelcast-client@0.10.0'],
        [102400, 'hazelcast-client@4.0.2'],
      ]);
      expect(runs[0].scenario.mix).toEqual(mix);
    }
  });
});
