import { describe, expect, it } from 'vitest';
import { findScenario } from '../../app/scenario/catalog';
import { YCSB_RECORD_COUNT, ycsbRefusal } from '../../app/scenario/catalog-ycsb';
import { opWeights, parseScenario } from '../../app/scenario/schema';
import { WRITE_OP } from '../../app/scenario/targets';

describe("YCSB's core workloads in the catalog", () => {
  const kinds = ['redis', 'aerospike', 'hazelcast'] as const;

  it('gives A, B, C, D and F for each target with their mixes and distributions, loaded first', () => {
    for (const kind of kinds) {
      const w = WRITE_OP[kind]!;
      const expected: Record<string, [Record<string, number>, string]> = {
        a: [{ get: 0.5, [w]: 0.5 }, 'zipfian'],
        b: [{ get: 0.95, [w]: 0.05 }, 'zipfian'],
        c: [{ get: 1 }, 'zipfian'],
        d: [{ get: 0.95, [w]: 0.05 }, 'latest'],
        f: [{ get: 0.5, rmw: 0.5 }, 'zipfian'],
      };
      for (const [letter, [mix, dist]] of Object.entries(expected)) {
        const s = parseScenario(findScenario(`ycsb-${letter}-${kind}`));
        expect(opWeights(s), `${letter} ${kind}`).toEqual(mix);
        expect(s.keyDistribution?.kind).toBe(dist);
        expect(s.keySpace).toBe(YCSB_RECORD_COUNT);
        expect((s.target as { prefill: number }).prefill).toBe(YCSB_RECORD_COUNT);
        expect(s.valueSize).toBe(1000);
        expect(s.description).toContain('recordcount 100000, fieldcount 10, fieldlength 100');
      }
    }
  });

  it('says why workload E is not for each target, and leaves other names alone', () => {
    expect(findScenario('ycsb-e-redis')).toBeUndefined();
    expect(ycsbRefusal('ycsb-e-redis')).toBe(
      'YCSB workload E (short range scans) is not for redis: Redis keys have no order to scan a short range in (SCAN walks the whole keyspace unordered)',
    );
    expect(ycsbRefusal('ycsb-e-aerospike')).toMatch(/^YCSB workload E \(short range scans\) is not for aerospike: /);
    expect(ycsbRefusal('ycsb-e-mongodb')).toMatch(/the YCSB entries are ycsb-\{a,b,c,d,f\}-\{redis,aerospike,hazelcast\}/);
    expect(ycsbRefusal('ycsb-a-redis')).toBeUndefined();
    expect(ycsbRefusal('redis-mix')).toBeUndefined();
  });
});
