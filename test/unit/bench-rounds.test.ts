import { describe, expect, it, vi } from 'vitest';
import { runRounds } from '../../bench/rounds';

vi.mock('../../bench/run-kvscope', () => ({ runKvscope: vi.fn(async () => ({ opsPerSec: 100, cpuUsPerOp: 10 })) }));
vi.mock('../../bench/run-bare', () => ({
  runBare: vi.fn(async () => ({ opsPerSec: 100, ops: 1000, errors: 0, elu: 0.5, cpuUs: 10_000 })),
}));
let calls = 0;
vi.mock('../../bench/run-redis-benchmark', () => ({
  runRedisBenchmark: vi.fn(async () => {
    if (++calls === 2) throw new Error('redis-benchmark failed (code 1, signal null): All clients disconnected... aborting.');
    return { get: 200, set: 200, mix: 200 };
  }),
}));

describe("bench:overhead's rounds", () => {
  it('keep every round when redis-benchmark, the reference, fails in one: said, and that round has no reference figure', async () => {
    const lines: string[] = [];
    const plan = { rounds: 3, scenario: {} as never, bare: {} as never, redisBenchmark: {} as never };
    const results = await runRounds(plan, (l) => lines.push(l));
    expect(results.map((r) => r.rb === undefined)).toEqual([false, true, false]);
    expect(results.every((r) => r.kvscope && r.bare)).toBe(true);
    expect(lines.join('\n')).toMatch(/round 2: redis-benchmark failed, so this round has no reference figure: .*All clients disconnected/);
  });
});
