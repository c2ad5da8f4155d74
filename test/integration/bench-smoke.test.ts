import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAerospikeNode, type AerospikeTestNode } from '../helpers/aerospike-node';
import { UPGRADES } from '../../app/scenario/catalog-upgrades';

const BENCH = join(__dirname, '..', '..', 'dist', 'bench');
/** The shortest runs that still go through every step of each benchmark. */
const SHORT = ['--rounds', '1', '--seconds', '1', '--warmup', '0'];

function bench(script: string, args: string[], timeoutMs: number): string {
  const r = spawnSync(process.execPath, [join(BENCH, script), ...args], { encoding: 'utf8', timeout: timeoutMs });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).not.toMatch(/ failed: /);
  return r.stdout;
}

/** A verdict per judged figure, PASS, MISS or UNRESOLVED: the numbers of a 1-second run decide nothing, but they must be there. */
const VERDICT = /^(PASS|MISS|UNRESOLVED): /m;
/** The machine a verdict was measured on: processors, count and model, the OS and Node (one machine's verdict is not another's). */
const MACHINE = new RegExp(`^machine: \\d+ x \\S.*, ${process.platform} \\S+, node ${process.version.replace(/\./g, '\\.')}$`, 'm');
/** The second figure: kvscope's own code over client stand-ins (a lower bound), set beside the bare client's cost in the same run. */
const OWN_CODE = (name: string): RegExp =>
  new RegExp(
    `^(below 3\\.0%|MISS): ${name} kvscope's own code adds at least -?[\\d.]+% to the bare client's [\\d.]+ µs of CPU per operation`,
    'm',
  );

// Smoke runs so the benchmarks cannot rot: each one end to end, briefly, against real servers.
describe('the benchmarks run end to end in a short smoke mode', () => {
  let node: AerospikeTestNode;
  beforeAll(async () => {
    node = await startAerospikeNode(['--nodes', '1']);
  });
  afterAll(async () => {
    await node?.close();
  });

  it('bench:overhead: kvscope against a bare ioredis loop on CPU per operation', { timeout: 120_000 }, () => {
    const out = bench('overhead.js', SHORT, 110_000);
    expect(out).toMatch(MACHINE);
    expect(out).toMatch(/CPU µs\/op/);
    expect(out).toMatch(VERDICT);
    expect(out).toMatch(OWN_CODE('redis-mix'));
  });

  it('bench:overhead --paired: kvscope and the bare loop at the same time, with the control', { timeout: 120_000 }, () => {
    const out = bench('overhead.js', ['--paired', ...SHORT], 110_000);
    expect(out).toMatch(/^round 1 \(paired\): kvscope [\d,]+ ops\/s, bare [\d,]+ ops\/s/m);
    expect(out).toMatch(/^ {3}control, the bare loop beside itself: CPU µs\/op [\d.]+ and [\d.]+; ratio [\d.]+$/m);
    expect(out).toMatch(/^redis-mix: CPU per op kvscope \/ bare = [\d.]+ \(median of 1/m);
    expect(out).toMatch(/^redis-mix: control, the bare loop beside itself: ratio [\d.]+ \(median of 1; spread/m);
    expect(out).toMatch(
      /^ {3}floor, the bare loop measuring each answer beside the plain one: CPU µs\/op [\d.]+ and [\d.]+; ratio [\d.]+$/m,
    );
    expect(out).toMatch(
      /^redis-mix: floor, the bare loop measuring each answer .*: ratio [\d.]+ \(median of 1; .*kvscope beyond the floor [\d.]+/m,
    );
    expect(out).toMatch(VERDICT);
  });

  it('bench:aerospike: kvscope against a bare aerospike loop, on the protocol test node', { timeout: 120_000 }, () => {
    const out = bench('aerospike/main.js', ['--hosts', node.hosts, '--priming', '1', '--workers', '1', ...SHORT], 110_000);
    expect(out).toMatch(MACHINE);
    expect(out).toMatch(/CPU per op kvscope \/ bare = [\d.]+/);
    expect(out).toMatch(VERDICT);
    expect(out).toMatch(OWN_CODE('aerospike-50-50'));
  });

  it(
    'bench:aerospike --paired: one worker beside one bare loop, with the control, the floor and a known cost',
    { timeout: 120_000 },
    () => {
      const out = bench(
        'aerospike/main.js',
        ['--hosts', node.hosts, '--priming', '1', '--paired', '--sensitivity', '100', ...SHORT],
        110_000,
      );
      expect(out).toMatch(/^round 1 \(paired\): kvscope [\d,]+ ops\/s, bare [\d,]+ ops\/s/m);
      expect(out).toMatch(/^aerospike-50-50: control, the bare loop beside itself: ratio [\d.]+ \(median of 1; spread/m);
      expect(out).toMatch(
        /^aerospike-50-50: floor, the bare loop measuring each answer .*: ratio [\d.]+ \(median of 1; .*kvscope beyond the floor [\d.]+/m,
      );
      expect(out).toMatch(
        /^ {3}sensitivity, the bare loop with 100 ns of pure CPU per operation beside the plain one: CPU µs\/op [\d.]+ and [\d.]+; ratio [\d.]+$/m,
      );
      expect(out).toMatch(
        /^aerospike-50-50: sensitivity, 100 ns of pure CPU per operation \([\d.]+% of the bare loop's CPU per operation\) reads as ratio [\d.]+ \(median of 1; .*: read at -?[\d.]+ times its size/m,
      );
      expect(out).toMatch(VERDICT);
    },
  );

  it('bench:clusters: Redis Cluster and Hazelcast, kvscope against bare loops', { timeout: 240_000 }, () => {
    const out = bench('clusters/main.js', ['--priming', '1', ...SHORT], 230_000);
    expect(out).toMatch(MACHINE);
    expect(out).toMatch(/redis-cluster: CPU per op kvscope \/ bare = [\d.]+/);
    expect(out).toMatch(/hazelcast: CPU per op kvscope \/ bare = [\d.]+/);
    expect(out).toMatch(OWN_CODE('redis-cluster'));
    expect(out).toMatch(OWN_CODE('hazelcast'));
  });

  // The two modes below are the same code for either system: each smokes one (--only starts that system's cluster alone),
  // Hazelcast paired and Redis Cluster loop against loop, the run above both.
  it('bench:clusters --paired --only hazelcast: both sides at the same time in each round', { timeout: 240_000 }, () => {
    const out = bench('clusters/main.js', ['--paired', '--only', 'hazelcast', '--priming', '1', ...SHORT], 230_000);
    expect(out).toMatch(/^round 1 hazelcast +\(paired\): kvscope [\d,]+ ops\/s, bare [\d,]+ ops\/s/m);
    expect(out).toMatch(/hazelcast: CPU per op kvscope \/ bare = [\d.]+/);
    expect(out).toMatch(/^ {3}control, the bare loop beside itself: CPU µs\/op [\d.]+ and [\d.]+; ratio [\d.]+$/m);
    expect(out).toMatch(/^hazelcast: control, the bare loop beside itself: ratio [\d.]+ \(median of 1; spread/m);
    expect(out).toMatch(
      /^hazelcast: floor, the bare loop measuring each answer .*: ratio [\d.]+ \(median of 1; .*kvscope beyond the floor [\d.]+/m,
    );
    expect(out).toMatch(OWN_CODE('hazelcast'));
    // The other system is neither started nor run.
    expect(out).not.toMatch(/^Redis Cluster: |redis-cluster/m);
  });

  it(
    "bench:clusters --loop --against --only redis-cluster: kvscope's load loop alone, beside another build's (here its own)",
    { timeout: 240_000 },
    () => {
      const out = bench(
        'clusters/main.js',
        ['--loop', '--against', join(BENCH, '..'), '--only', 'redis-cluster', '--priming', '1', ...SHORT],
        230_000,
      );
      expect(out).toMatch(
        /^round 1 redis-cluster \(loop, paired\): CPU µs\/op kvscope's loop [\d.]+, the other build [\d.]+; ratio [\d.]+$/m,
      );
      expect(out).toMatch(/^redis-cluster: CPU per op kvscope's loop \/ the other build's = [\d.]+ \(median of 1/m);
      expect(out).toMatch(/^redis-cluster: control, the bare loop beside itself: ratio [\d.]+/m);
      expect(out).not.toMatch(/^Hazelcast: |hazelcast/m);
    },
  );

  it(
    'bench:versions: each client at the two versions of its upgrade entry, ops/s and CPU per operation side by side',
    { timeout: 300_000 },
    () => {
      const out = bench('versions.js', ['--priming', '1', ...SHORT], 290_000);
      expect(out).toMatch(MACHINE);
      for (const [pkg, [older, newer]] of Object.entries(UPGRADES)) {
        for (const v of [older, newer])
          expect(out).toMatch(new RegExp(`^${pkg}@${v.replace(/\./g, '\\.')} +[\\d,]+ ops/s  CPU µs/op [\\d.]+`, 'm'));
        expect(out).toMatch(new RegExp(`^${pkg}: ${newer} against ${older}: ops/s [+-][\\d.]+%, CPU per operation [+-][\\d.]+%`, 'm'));
      }
    },
  );

  it('bench:agents: the same load from local workers and from 2 agents, CPU per operation side by side', { timeout: 120_000 }, () => {
    const out = bench('agents.js', SHORT, 110_000);
    expect(out).toMatch(/^round 1 local : [\d,]+ ops\/s, CPU µs\/op [\d.]+ /m);
    expect(out).toMatch(/^round 1 agents: [\d,]+ ops\/s, CPU µs\/op [\d.]+ \(workers [\d.]+, main [\d.]+, agents [\d.]+/m);
    expect(out).toMatch(/^CPU per op agents \/ local = [\d.]+/m);
    expect(out).toMatch(MACHINE);
    expect(out).toMatch(VERDICT);
  });

  it(
    "bench:callgrind: instructions and L1 misses per operation of the bare loop, the floor and kvscope's, and the functions where they differ, under valgrind",
    // Six runs of Node under valgrind, two at a time, each about 5 s to start uninstrumented (more with a neighbour busy).
    { timeout: 420_000 },
    () => {
      const out = bench('callgrind/main.js', ['--base', '300', '--ops', '600', '--functions', '3'], 410_000);
      // Per operation over a few hundred operations, a difference can come out below zero.
      const n = '-?[\\d.,]+';
      for (const side of ['bare', 'floor', 'kvscope'])
        expect(out).toMatch(
          new RegExp(
            `^${side} +instructions/op +${n}  L1 instruction misses/op +${n}  L1 data misses/op +${n} \\(reads ${n}, writes ${n}\\)`,
            'm',
          ),
        );
      for (const pair of ['kvscope / bare', 'floor / bare', 'kvscope / floor'])
        expect(out).toMatch(
          new RegExp(`^${pair}: instructions ${n}, L1 instruction misses ${n}, L1 data misses ${n}, last-level misses ${n}$`, 'm'),
        );
      const fns = out.split('\n').filter((l) => new RegExp(`^  kvscope +${n} +${n} +${n} \\| floor +${n} +${n} +${n}  \\S`).test(l));
      expect(out).toMatch(/^functions where kvscope and the floor differ most, per operation/m);
      expect(fns).toHaveLength(3);
    },
  );

  it("bench:second: a worker's and main's once-a-second work, cold and warm, beside another build", { timeout: 120_000 }, () => {
    // The build beside itself: the --against path end to end (its figures are the same code's).
    const out = bench('second/main.js', ['--rounds', '1', '--seconds', '11', '--gap', '1', '--against', join(BENCH, '..')], 110_000);
    for (const shape of ['1 worker(s) x 2 op(s)', '4 worker(s) x 3 op(s)']) expect(out).toContain(shape);
    for (const part of ['encode', 'decode', 'merge', 'summary', 'line', 'main'])
      expect(out).toMatch(
        new RegExp(
          `^  ${part} +this build [\\d.]+ ms in the first 10 s, then [\\d.]+ ms a second \\| against [\\d.]+ ms .*; warm ratio [\\d.]+, cold [\\d.]+$`,
          'm',
        ),
      );
    // Too few seconds to have warm ones: refused, naming the option, before any replay.
    const bad = spawnSync(process.execPath, [join(BENCH, 'second', 'main.js'), '--seconds', '5'], { encoding: 'utf8', timeout: 10_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^--seconds needs a whole number from 11 to 600, got "5"/m);
  });

  it("bench:loop: the load loop's own CPU per operation", { timeout: 120_000 }, () => {
    const out = bench('loop-cost.js', ['--rounds', '1', '--keys', 'zipfian'], 110_000);
    expect(out).toMatch(/^kvscope load-loop cost: 1 rounds .*, zipfian keys$/m);
    expect(out).toMatch(/kvscope adds -?\d+ ns of CPU per operation/);
    expect(out).toMatch(
      /^key draws, CPU ns each over 100000 keys: uniform [\d.]+, zipfian [\d.]+, hotspot [\d.]+, latest [\d.]+, sequential [\d.]+$/m,
    );
    expect(out).toMatch(MACHINE);
  });

  it("bench:scan: records/s, a scanning worker's peak RSS and CPU per record, lean heap and Node's", { timeout: 240_000 }, () => {
    // 10 pages of the scenarios' 1,000 records: a scan of many pages, written in a second rather than 10 s for 100,000.
    const out = bench('scan.js', ['--records', '10000', ...SHORT], 230_000);
    expect(out).toMatch(/^kvscope scan benchmark: .*, 10,000 records$/m);
    expect(out).toMatch(MACHINE);
    for (const sink of ['noop', 'file']) {
      expect(out).toMatch(new RegExp(`^${sink}: lean: [\\d,]+ records/s, peak RSS [\\d.]+ MiB, [\\d.]+ CPU µs/record \\| node: `, 'm'));
      expect(out).toMatch(new RegExp(`^(PASS|MISS): ${sink} sink, a lean scanning worker peaks at [\\d.]+ MiB`, 'm'));
    }
  });
});
