/**
 * `npm run bench:versions [-- --rounds N --seconds S]`: each client kvscope
 * drives at the two versions of its catalog upgrade entry (ioredis on a
 * redis-server, hazelcast-client on a local member, aerospike on the
 * protocol test node), one worker x 32 in flight, GET/SET 50/50, the order
 * alternating each round: ops/s and CPU µs per operation per version side by
 * side, after one uncounted run per server (--priming S). A measurement of
 * what an upgrade costs or saves here, not a target.
 */
import { fmtInt } from '../app/report/numbers';
import { findScenario } from '../app/scenario/catalog';
import { UPGRADES } from '../app/scenario/catalog-upgrades';
import type { ClientPackage } from '../app/scenario/client-version';
import { parseScenario, type Scenario } from '../app/scenario/schema';
import { installClient } from '../main/config/client-cache';
import { startHazelcastCluster } from '../workers/local/hazelcast-cluster';
import type { LocalCluster } from '../workers/local/redis-cluster';
import { startAerospikeNode, type AerospikeTestNode } from '../tools/aerospike-node/client';
import { installExitHandlers, onAbort, runBench } from './cleanup';
import { fixedHeapLine } from './fixed-heap';
import { median } from './cpu/verdict';
import { pin, pinPlan } from './cpu/pin';
import { optionsOrUsage, type BenchOptions } from './options';
import { startRedisServer, type RedisServer } from './redis-server';
import { runKvscope, type KvscopeResult } from './run-kvscope';
import { machineLine } from './machine';

const IN_FLIGHT = 32;
const CLUSTER_NAME = 'kvscope-versions';
const US_DIGITS = 2;
/** A fresh member's JIT (and a fresh server's caches) favour whichever version runs second: one uncounted run per server first. */
const PRIMING_SECONDS = 10;
const print = (line: string): void => void process.stdout.write(`${line}\n`);

interface System {
  pkg: ClientPackage;
  /** The scenario at a version: `target.client` set to it. */
  at(version: string): Scenario;
}

function system(
  pkg: ClientPackage,
  catalogName: string,
  mix: Record<string, number>,
  target: Record<string, unknown>,
  o: BenchOptions,
): System {
  const base = findScenario(catalogName)!;
  return {
    pkg,
    at: (version) =>
      parseScenario({
        ...base,
        target: { ...(base.target as object), ...target, client: `${pkg}@${version}` },
        mix,
        workers: 1,
        inFlight: IN_FLIGHT,
        totalOps: undefined,
        warmupSeconds: o.warmupSeconds,
        durationSeconds: o.seconds,
      }),
  };
}

const workersUsPerOp = (k: KvscopeResult): number => k.cpu.workers / k.ops;
const spread = (xs: number[]): string => `${Math.min(...xs).toFixed(US_DIGITS)}-${Math.max(...xs).toFixed(US_DIGITS)}`;
const change = (to: number, from: number): string => `${to >= from ? '+' : ''}${((to / from - 1) * 100).toFixed(1)}%`;

function verdictLines(pkg: ClientPackage, results: Map<string, KvscopeResult[]>): string[] {
  const rows = [...results].map(([version, rs]) => {
    const ops = median(rs.map((r) => r.opsPerSec));
    const us = rs.map((r) => r.cpuUsPerOp);
    const workers = median(rs.map(workersUsPerOp));
    return { version, ops, us: median(us), workers, line: `${pkg}@${version}`.padEnd(24) };
  });
  const lines = rows.map(
    (r, i) =>
      `${r.line} ${fmtInt(r.ops).padStart(9)} ops/s  CPU µs/op ${r.us.toFixed(US_DIGITS)} (rounds ${spread([...results.values()][i].map((x) => x.cpuUsPerOp))}; workers ${r.workers.toFixed(US_DIGITS)})`,
  );
  const [older, newer] = rows;
  lines.push(
    `${pkg}: ${newer.version} against ${older.version}: ops/s ${change(newer.ops, older.ops)}, CPU per operation ${change(newer.us, older.us)} (medians)`,
  );
  return lines;
}

async function main(): Promise<number> {
  installExitHandlers(print);
  const o = optionsOrUsage(process.argv.slice(2), print);
  if (!o) return 2;
  print(
    `kvscope client versions benchmark: ${o.rounds} round(s) of ${o.warmupSeconds} s warm-up + ${o.seconds} s per version, 1 process x ${IN_FLIGHT} in flight, GET/SET 50/50`,
  );
  print(machineLine());
  print(fixedHeapLine());
  for (const [pkg, [older]] of Object.entries(UPGRADES) as [ClientPackage, readonly string[]][])
    await installClient({ pkg, version: older }, (line) => print(`  ${line}`));
  let redis: RedisServer | undefined;
  let hz: LocalCluster | undefined;
  let node: AerospikeTestNode | undefined;
  const unregister = onAbort(() => {
    void redis?.stop();
    void hz?.stop();
    if (node) process.kill(node.pid, 'SIGKILL');
  });
  const plan = pinPlan();
  if (plan) pin(process.pid, plan.clients);
  print(plan ? `pinned: clients on CPU ${plan.clients}, servers on CPU ${plan.servers}` : 'not pinned (one core, or no taskset)');
  const pinServer = (pid: number | undefined): void => {
    if (plan && pid !== undefined) pin(pid, plan.servers);
  };
  try {
    redis = await startRedisServer();
    hz = await startHazelcastCluster(1, CLUSTER_NAME);
    node = await startAerospikeNode(['--nodes', '1']);
    for (const pid of [redis.pid, ...hz.nodes.map((n) => n.pid), node.pid]) pinServer(pid);
    const getSet = { get: 0.5, set: 0.5 };
    const systems = [
      system('ioredis', 'ioredis-upgrade', getSet, { host: redis.host, port: redis.port }, o),
      system(
        'hazelcast-client',
        'hazelcast-read-heavy',
        getSet,
        { localMembers: 0, clusterName: CLUSTER_NAME, members: `${hz.seed.host}:${hz.seed.port}` },
        o,
      ),
      system('aerospike', 'aerospike-client-upgrade', { get: 0.5, put: 0.5 }, { hosts: node.hosts }, o),
    ];
    for (const s of systems) {
      const primingSeconds = o.primingSeconds ?? PRIMING_SECONDS;
      const primed = await runKvscope({ ...s.at(UPGRADES[s.pkg][1]), warmupSeconds: 0, durationSeconds: primingSeconds });
      print(`priming ${s.pkg}: ${fmtInt(primed.opsPerSec)} ops/s over ${primingSeconds} s (not counted)`);
    }
    const results = new Map(systems.map((s) => [s.pkg, new Map<string, KvscopeResult[]>(UPGRADES[s.pkg].map((v) => [v, []]))]));
    for (let r = 1; r <= o.rounds; r++) {
      for (const s of systems) {
        const versions = r % 2 === 1 ? [...UPGRADES[s.pkg]] : [...UPGRADES[s.pkg]].reverse();
        for (const v of versions) {
          const k = await runKvscope(s.at(v));
          results.get(s.pkg)!.get(v)!.push(k);
          print(
            `round ${r} ${`${s.pkg}@${v}`.padEnd(24)} ${fmtInt(k.opsPerSec).padStart(9)} ops/s  CPU µs/op ${k.cpuUsPerOp.toFixed(US_DIGITS)} (workers ${workersUsPerOp(k).toFixed(US_DIGITS)}); errors ${k.errors}`,
          );
        }
      }
    }
    print('');
    for (const s of systems) for (const line of verdictLines(s.pkg, results.get(s.pkg)!)) print(line);
    print('note: CPU µs/op is all of kvscope (workers, main, monitor); the workers part is the client library and the load loop.');
  } finally {
    await Promise.all([redis?.stop(), hz?.stop(), node?.close()]);
    unregister();
  }
  return 0;
}

runBench('bench:versions', main, print);
