/**
 * `npm run bench:clusters`: kvscope's Redis Cluster and Hazelcast scenarios
 * against bare client loops with the same concurrency, in one run, on local
 * clusters it starts (3 Redis masters, 2 Hazelcast members; with --only,
 * that system's alone) and always stops. Each round runs kvscope and the
 * bare loop back to back, the order alternating, and prints ops/s and CPU
 * time per operation of both; judged on CPU per operation (bench/cpu).
 */
import { fmtInt } from '../../app/report/numbers';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario } from '../../app/scenario/schema';
import { startHazelcastCluster } from '../../workers/local/hazelcast-cluster';
import { startRedisCluster, type LocalCluster } from '../../workers/local/redis-cluster';
import { installExitHandlers, onAbort, runBench } from '../cleanup';
import { fixedHeapLine } from '../fixed-heap';
import { optionsOrUsage, type BenchOptions } from '../options';
import { runBare } from '../run-bare';
import { runKvscope } from '../run-kvscope';
import { control, floor, opsRoundLine, runPaired, type PairedRound } from '../run-paired';
import { loopRound, type System } from './paired-rounds';
import type { ClusterBareStart } from './protocol';
import { controlLine, cpuRatio, cpuRoundLine, cpuVerdict, floorLine, loopLine, type CpuRound } from '../cpu/verdict';
import { pin, pinPlan } from '../cpu/pin';
import { driverCostAfter } from '../drivers/verdict';
import { machineLine } from '../machine';
import { EXIT_USAGE } from '../../main/exit-codes';

const REDIS_MASTERS = 3;
const HAZELCAST_MEMBERS = 2;
const CLUSTER_NAME = 'kvscope-bench';
const IN_FLIGHT = 32;
const BARE_SEED = 1;
/**
 * Fresh servers (JVM members above all) run far slower until their JIT has
 * warmed up: one uncounted bare run of this long per system comes first, so
 * round 1 is not decided by whichever side ran first.
 */
const PRIMING_SECONDS = 20;
const print = (line: string): void => void process.stdout.write(`${line}\n`);

function system(
  name: string,
  catalogName: string,
  target: Record<string, unknown>,
  seed: { host: string; port: number },
  script: string,
  o: BenchOptions,
): System {
  const base = findScenario(catalogName)!;
  const scenario = parseScenario({
    ...base,
    target: { ...(base.target as object), ...target },
    mix: { get: 0.5, set: 0.5 },
    workers: 1,
    inFlight: IN_FLIGHT,
    warmupSeconds: o.warmupSeconds,
    durationSeconds: o.seconds,
  });
  const t = scenario.target;
  const start: ClusterBareStart = {
    ...seed,
    clusterName: CLUSTER_NAME,
    autoPipelining: 'autoPipelining' in t && t.autoPipelining,
    // The client settings kvscope's driver gives the same client (hazelcast/driver.ts), so only kvscope's own work differs.
    ...(t.kind === 'hazelcast' && { pipeliningThresholdBytes: t.pipeliningThresholdBytes, invocationTimeoutMs: scenario.opTimeoutMs }),
    inFlight: IN_FLIGHT,
    keySpace: scenario.keySpace,
    keyLength: scenario.keyLength,
    valueSize: scenario.valueSize,
    getShare: 0.5,
    warmupSeconds: o.warmupSeconds,
    durationSeconds: o.seconds,
    seed: BARE_SEED,
    // For kvscope's loop in a plain child (--loop); the bare loops ignore it.
    scenario,
  };
  return { name, scenario, script: join(__dirname, script), start };
}

/** One round back to back, the order given. */
async function alternating(s: System, kvFirst: boolean): Promise<PairedRound> {
  const bare0 = kvFirst ? undefined : await runBare(s.start, s.script);
  const kvscope = await runKvscope(s.scenario);
  return { kvscope, bare: bare0 ?? (await runBare(s.start, s.script)) };
}

async function main(): Promise<number> {
  installExitHandlers(print);
  const o = optionsOrUsage(process.argv.slice(2), print);
  if (!o) return EXIT_USAGE;
  if (o.sensitivityNs !== undefined) {
    print('--sensitivity: bench:overhead and bench:aerospike pair a known cost; bench:clusters does not (yet)');
    return EXIT_USAGE;
  }
  print(
    `kvscope cluster benchmark: ${o.rounds} round(s) of ${o.warmupSeconds} s warm-up + ${o.seconds} s measured, 1 process x ${IN_FLIGHT} in flight, GET/SET 50/50`,
  );
  const clusters: LocalCluster[] = [];
  const unregister = onAbort(() => clusters.forEach((c) => void c.stop()));
  // This process first: the workers, the monitor and the bare loops it forks inherit the clients' CPUs.
  const plan = pinPlan();
  if (plan) pin(process.pid, plan.clients);
  print(plan ? `pinned: clients on CPU ${plan.clients}, servers on CPU ${plan.servers}` : 'not pinned (one core, or no taskset)');
  print(machineLine());
  print(fixedHeapLine());
  const pinServers = (c: LocalCluster): void => {
    for (const n of c.nodes) if (plan && n.pid !== undefined) pin(n.pid, plan.servers);
  };
  try {
    // --only: that system's cluster alone is started (a Hazelcast cluster costs its JVMs' start, a Redis Cluster its masters').
    const wanted = (name: string): boolean => o.only === undefined || o.only === name;
    const systems: System[] = [];
    if (wanted('redis-cluster')) {
      const redis = await startRedisCluster(REDIS_MASTERS, print);
      clusters.push(redis);
      pinServers(redis);
      print(`Redis Cluster: ${REDIS_MASTERS} masters on 127.0.0.1 (ports ${redis.nodes.map((n) => n.port).join(', ')})`);
      systems.push(
        system(
          'redis-cluster',
          'redis-cluster-mix',
          { localCluster: 0, cluster: true, host: redis.seed.host, port: redis.seed.port },
          redis.seed,
          'bare-redis-cluster.js',
          o,
        ),
      );
    }
    if (wanted('hazelcast')) {
      const hz = await startHazelcastCluster(HAZELCAST_MEMBERS, CLUSTER_NAME, undefined, print);
      clusters.push(hz);
      pinServers(hz);
      print(`Hazelcast: ${HAZELCAST_MEMBERS} members on 127.0.0.1 (ports ${hz.nodes.map((n) => n.port).join(', ')})`);
      systems.push(
        system(
          'hazelcast',
          'hazelcast-read-heavy',
          { localMembers: 0, clusterName: CLUSTER_NAME, members: `${hz.seed.host}:${hz.seed.port}` },
          hz.seed,
          'bare-hazelcast.js',
          o,
        ),
      );
    }
    for (const s of systems) {
      const primed = await runBare({ ...s.start, warmupSeconds: 0, durationSeconds: o.primingSeconds ?? PRIMING_SECONDS }, s.script);
      print(`priming ${s.name}: ${fmtInt(primed.opsPerSec)} ops/s over ${o.primingSeconds ?? PRIMING_SECONDS} s (not counted)`);
    }
    const rounds = new Map<string, CpuRound[]>(systems.map((s) => [s.name, []]));
    /** --paired: each round's control ratio (one bare loop beside another), the pairing's own noise. */
    const controls = new Map<string, number[]>(systems.map((s) => [s.name, []]));
    /** --paired and --loop: each round's floor ratio (the bare loop measuring each answer beside the plain one). */
    const floors = new Map<string, number[]>(systems.map((s) => [s.name, []]));
    const against = o.against === undefined ? undefined : resolve(o.against, 'bench/clusters/loop-child.js');
    if (against && !existsSync(against)) throw new Error(`--against: no ${against} (build that checkout first)`);
    /** --loop: each round's ratio of kvscope's loop to the bare loop (or the other build's). */
    const loops = new Map<string, number[]>(systems.map((s) => [s.name, []]));
    for (let r = 1; r <= o.rounds; r++) {
      for (const s of systems) {
        if (o.loop) {
          loops.get(s.name)!.push(await loopRound(s, r, against, print));
          controls.get(s.name)!.push(await control(s, print));
          if (!against) floors.get(s.name)!.push(await floor(s, print));
          continue;
        }
        const kvFirst = r % 2 === 1;
        const round = o.paired ? await runPaired(s.scenario, s.start, s.script) : await alternating(s, kvFirst);
        rounds.get(s.name)!.push(round);
        print(opsRoundLine(`round ${r} ${s.name.padEnd(13)} (${o.paired ? 'paired' : kvFirst ? 'kvscope first' : 'bare first'})`, round));
        print(`   ${cpuRoundLine(round)}`);
        if (o.paired) {
          controls.get(s.name)!.push(await control(s, print));
          floors.get(s.name)!.push(await floor(s, print));
        }
      }
    }
    print('');
    for (const s of systems) {
      const rs = rounds.get(s.name)!;
      if (o.loop)
        print(loopLine(s.name, against ? "kvscope's loop / the other build's" : "kvscope's loop / bare loop", loops.get(s.name)!));
      else for (const line of cpuVerdict(s.name, rs).lines) print(line);
      const cs = controls.get(s.name)!;
      if (cs.length > 0) print(controlLine(s.name, cs));
      const fs = floors.get(s.name)!;
      if (fs.length > 0) print(floorLine(s.name, fs, o.loop ? loops.get(s.name)! : rs.map(cpuRatio)));
      if (!o.loop) for (const line of (await driverCostAfter(s.name, s.scenario, rs, BARE_SEED)).lines) print(line);
    }
    print("note: clients, kvscope and the servers share this machine's cores; on 2 cores the servers are part of the bottleneck.");
  } finally {
    await Promise.all(clusters.map((c) => c.stop()));
    unregister();
  }
  return 0;
}

runBench('bench:clusters', main, print);
