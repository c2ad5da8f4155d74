/**
 * `npm run bench:overhead`: what kvscope's instrumentation costs. In one run,
 * interleaved, it measures (a) kvscope running redis-mix, (b) a bare ioredis
 * loop with the same load and no instrumentation, (c) redis-benchmark as a
 * reference, all against a redis-server it starts and always stops.
 */
import type { BareStart } from './bare-protocol';
import { installExitHandlers, runBench } from './cleanup';
import { fixedHeapLine } from './fixed-heap';
import { optionsOrUsage, type BenchOptions } from './options';
import { overheadPaired } from './overhead-paired';
import { prefill } from './prefill';
import { driverCostAfter } from './drivers/verdict';
import { finalReport, roundReport } from './report';
import { runRounds } from './rounds';
import { HOST, startRedisServer } from './redis-server';
import { CALIBRATION_REQUESTS, requestsFor, runRedisBenchmark, type RedisBenchmarkSettings } from './run-redis-benchmark';
import { benchScenario, connectionsOf, getShare, SCENARIO_NAME, type RedisScenario } from './scenario';
import { REDIS_BENCHMARK, requireRedisServer, toolVersion } from './tools';
import { machineLine } from './machine';
import { EXIT_OK, EXIT_USAGE } from '../main/exit-codes';

/** The calibration's time limit assumes no slower than CALIBRATION_REQUESTS per this many seconds per test. */
const CALIBRATION_PLANNED_SECONDS = 20;
/** The bare loop's key/op sequence; any fixed seed, so reruns issue the same sequence. */
const BARE_SEED = 1;

const print = (line: string): void => void process.stdout.write(line + '\n');

const NOT_LIKE_FOR_LIKE = `note: redis-benchmark is a reference point (a C client), not like-for-like: -P N sends a batch of N
      and waits for the whole batch, where kvscope and the bare loop keep N in flight continuously; GET and
      SET run as separate tests on its own key names (key:000000000000), and nothing is excluded as warm-up
      (one calibration run before round 1 warms it up instead).`;

async function main(): Promise<number> {
  installExitHandlers(print);
  const o = optionsOrUsage(process.argv.slice(2), print);
  if (!o) return EXIT_USAGE;
  const serverVersion = requireRedisServer();
  const rbVersion = toolVersion(REDIS_BENCHMARK);
  print(
    `kvscope overhead benchmark: ${o.rounds} round(s), ${o.warmupSeconds} s warm-up + ${o.seconds} s measured per run${o.paired ? ', kvscope and the bare loop at the same time' : ''}`,
  );
  print(machineLine());
  print(fixedHeapLine());
  print(serverVersion);
  print(rbVersion ?? `${REDIS_BENCHMARK} not found on PATH: (c) is skipped`);

  const server = await startRedisServer();
  try {
    print(`redis-server pid ${server.pid} on ${HOST}:${server.port} answers PING (no RDB, no AOF)`);
    const scenario = benchScenario(HOST, server.port, o);
    if (connectionsOf(scenario) !== 1)
      throw new Error(`${SCENARIO_NAME} now opens ${connectionsOf(scenario)} connections; the bare loop mirrors exactly one`);
    print(
      `scenario ${SCENARIO_NAME}: ${scenario.workers} worker, ${connectionsOf(scenario)} connection, ${scenario.inFlight} in flight, ` +
        `GET share ${getShare(scenario)}, ${scenario.keySpace} keys of ${scenario.keyLength} chars, ${scenario.valueSize} B values`,
    );
    await prefill({
      host: HOST,
      port: server.port,
      keySpace: scenario.keySpace,
      keyLength: scenario.keyLength,
      valueSize: scenario.valueSize,
    });
    print(`prefilled ${scenario.keySpace} keys so every GET hits from the first second`);
    if (o.paired) {
      const paired = await overheadPaired(scenario, bareStart(scenario), o.rounds, server.pid, print, o.sensitivityNs);
      for (const line of (await driverCostAfter(SCENARIO_NAME, scenario, paired, BARE_SEED)).lines) print(line);
      return EXIT_OK;
    }
    const redisBenchmark = rbVersion ? await calibrate(scenario, server.port, o) : undefined;
    const results = await runRounds({ rounds: o.rounds, scenario, bare: bareStart(scenario), redisBenchmark }, (l) => print(l));
    print('');
    for (const r of results) print(roundReport(r) + '\n');
    const verdict = finalReport(results);
    print(verdict.text);
    for (const line of (await driverCostAfter('redis-mix', scenario, results, BARE_SEED)).lines) print(line);
    if (redisBenchmark) print(NOT_LIKE_FOR_LIKE);
  } finally {
    await server.stop();
  }
  return EXIT_OK;
}

function bareStart(s: RedisScenario): BareStart {
  return {
    host: s.target.host,
    port: s.target.port,
    inFlight: s.inFlight,
    keySpace: s.keySpace,
    keyLength: s.keyLength,
    valueSize: s.valueSize,
    getShare: getShare(s),
    autoPipelining: s.target.autoPipelining,
    warmupSeconds: s.warmupSeconds,
    durationSeconds: s.durationSeconds ?? 0,
    seed: BARE_SEED,
  };
}

/** One short run to learn its rate, so each later test lasts about as long as a kvscope run. */
async function calibrate(s: RedisScenario, port: number, o: BenchOptions): Promise<RedisBenchmarkSettings> {
  const base = { host: HOST, port, connections: connectionsOf(s), pipeline: s.inFlight, valueSize: s.valueSize, keySpace: s.keySpace };
  const cal = await runRedisBenchmark({ ...base, requests: CALIBRATION_REQUESTS, plannedSeconds: CALIBRATION_PLANNED_SECONDS });
  const requests = requestsFor(cal.mix, o.seconds);
  print(
    `${REDIS_BENCHMARK}: calibration ${Math.round(cal.mix)} ops/s (50/50); ${requests} requests per test ` +
      `(-c ${base.connections} -P ${base.pipeline} -d ${base.valueSize} -r ${base.keySpace})`,
  );
  return { ...base, requests, plannedSeconds: 2 * o.seconds };
}

runBench('bench:overhead', main, print);
