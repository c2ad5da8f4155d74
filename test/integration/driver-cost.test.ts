import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario, type Scenario } from '../../app/scenario/schema';
import type * as CostModule from '../../bench/drivers/cost';
import type * as VerdictModule from '../../bench/drivers/verdict';
import type * as RunBareModule from '../../bench/run-bare';

// The compiled modules: the stand-in packages a driver loads are files next to them.
const DIST = join(__dirname, '..', '..', 'dist', 'bench');
const loadDist = createRequire(__filename);
const { driverCost } = loadDist(join(DIST, 'drivers', 'cost.js')) as typeof CostModule;
const { driverCostVerdict } = loadDist(join(DIST, 'drivers', 'verdict.js')) as typeof VerdictModule;
const { startBare } = loadDist(join(DIST, 'run-bare.js')) as typeof RunBareModule;

function scenario(name: string, target: Record<string, unknown>): Scenario {
  const base = findScenario(name)!;
  return parseScenario({ ...base, target: { ...(base.target as object), ...target }, workers: 1, inFlight: 8 });
}

const fakeFolders = (): string[] => readdirSync(tmpdir()).filter((f) => f.startsWith('kvscope-fake-clients-'));

describe("bench:drivers: kvscope's own code per operation over client stand-ins", () => {
  const cases: [string, Scenario][] = [
    ['redis', scenario('redis-mix', {})],
    ['redis cluster', scenario('redis-cluster-mix', { localCluster: 0, cluster: true })],
    ['hazelcast', scenario('hazelcast-read-heavy', { localMembers: 0, members: '127.0.0.1:5701', prefill: 0 })],
    ['aerospike', scenario('aerospike-50-50', { hosts: '127.0.0.1:3000', prefill: 0 })],
  ];
  for (const [name, s] of cases) {
    it(`${name}: the real driver and the bare operation both run, each round timed, the stand-in packages removed`, async () => {
      const before = fakeFolders().length;
      const cost = await driverCost(s, { rounds: 2, ops: 5_000, seed: 1, tickEveryAnswers: 1_000 });
      expect(cost.kvscopeNs).toHaveLength(2);
      expect(cost.bareNs).toHaveLength(2);
      for (const ns of [...cost.kvscopeNs, ...cost.bareNs]) {
        expect(Number.isFinite(ns)).toBe(true);
        expect(ns).toBeGreaterThan(0);
      }
      expect(fakeFolders()).toHaveLength(before);
    });
  }

  it('refuses a target it has no stand-in for', async () => {
    const kv = parseScenario(findScenario('kv-async'));
    await expect(driverCost(kv, { rounds: 1, ops: 10, seed: 1, tickEveryAnswers: 10 })).rejects.toThrow(/cannot stand in for builtin-kv/);
  });

  it("judges what kvscope adds against the bare client's own CPU per operation, at most 3 %", () => {
    const cost = { kvscopeNs: [1500, 1400, 1450], bareNs: [1000, 1000, 1000] };
    // 450 ns added: 2.25 % of 20 µs, 4.5 % of 10 µs.
    const pass = driverCostVerdict('x', cost, 20);
    expect(pass.pass).toBe(true);
    expect(pass.lines.join('\n')).toMatch(/added 450 ns \(median of 3; rounds 400 to 500\)/);
    expect(pass.lines[1]).toMatch(/^below 3\.0%: x kvscope's own code adds at least 2\.3% to the bare client's 20\.00 µs/);
    const miss = driverCostVerdict('x', cost, 10);
    expect(miss.pass).toBe(false);
    expect(miss.lines[1]).toMatch(/^MISS: .* adds at least 4\.5% /);
    expect(driverCostVerdict('x', cost, NaN).pass).toBe(false);
  });
});

describe('a bare loop under way: marks at an instant, stopped early (paired rounds)', () => {
  it('answers marks with growing counts and CPU time, and a stop ends it long before its bound', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kvscope-bare-fixture-'));
    const script = join(dir, 'loop.js');
    // A loop whose "client" answers on the next turn: the shared closed loop and child, nothing else.
    writeFileSync(
      script,
      `const { bareChild, closedLoop } = require(${JSON.stringify(join(DIST, 'closed-loop.js'))});
bareChild((raw) => raw, (c) => closedLoop(c, () => new Promise((r) => setImmediate(r))));\n`,
    );
    try {
      const started = Date.now();
      const start = { inFlight: 4, warmupSeconds: 0, durationSeconds: 120 };
      const bare = startBare(start, script);
      let first = await bare.mark();
      while (first.ops === 0) first = await bare.mark();
      await new Promise((r) => setTimeout(r, 300));
      const second = await bare.mark();
      expect(second.ops).toBeGreaterThan(first.ops);
      expect(second.cpuUs).toBeGreaterThan(first.cpuUs);
      expect(second.errors).toBe(0);
      bare.stop();
      const result = await bare.result;
      expect(result.ops).toBeGreaterThanOrEqual(second.ops);
      // Its bound was 120 s; stopped, it reports within seconds, over the seconds it ran.
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(result.opsPerSec).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(existsSync(script)).toBe(false);
  });
});
