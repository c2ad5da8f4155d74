/**
 * kvscope's own CPU time per operation on a driver's path, free of the
 * network and of the server: a worker's load loop, recorder, key pickers,
 * the real driver and its once-a-second tick, against the bare baseline's
 * own operation function in the bare baselines' closed loop, both over the
 * same in-process stand-in of the client (fake-clients.ts). Alternating
 * rounds in one process, counted in operations. What the client itself does
 * per operation is the same on both sides and measured by the benchmarks
 * that run against real servers; this is what kvscope adds to it.
 */
import { performance } from 'node:perf_hooks';
import { KIND_CLIENT } from '../../app/scenario/client-version';
import { opWeights, type Scenario } from '../../app/scenario/schema';
import { useClientAt } from '../../workers/load/client-module';
import type { Driver, IoCounters } from '../../workers/load/driver';
import { driverFor } from '../../workers/load/drivers';
import { buildLoop } from '../../workers/load/setup';
import { TickClock } from '../../workers/load/tick-clock';
import { aerospikeGetPut, aerospikeNotFound, hazelcastGetSet, ioredisGetSet, type BareMix } from '../bare-ops';
import { closedLoop } from '../closed-loop';
import { FakeAerospikeClient, FakeHazelcastClient, fakeCluster, fakeRedis } from './fake-clients';
import { fakePackages } from './fake-packages';

/** Far beyond any run here: both sides end on their operation count. */
const NO_END_SECONDS = 3_600;
const NS_PER_US = 1000;

export interface DriverCost {
  /** CPU ns per operation of each round, kvscope's side and the bare side. */
  kvscopeNs: number[];
  bareNs: number[];
}

interface Side {
  run(): Promise<void>;
}

function bareMix(s: Scenario, seed: number): BareMix {
  return { keySpace: s.keySpace, keyLength: s.keyLength, valueSize: s.valueSize, getShare: opWeights(s).get ?? 0, seed };
}

/** The bare baseline's operation for this target over its stand-in. */
function bareSide(s: Scenario, ops: number, seed: number): Side {
  const t = s.target;
  const mix = bareMix(s, seed);
  let issue: () => Promise<unknown>;
  let answered: ((err: unknown) => boolean) | undefined;
  if (t.kind === 'redis') issue = ioredisGetSet(t.cluster ? fakeCluster() : fakeRedis(), mix);
  else if (t.kind === 'hazelcast') issue = hazelcastGetSet(new FakeHazelcastClient().map, mix);
  else if (t.kind === 'aerospike') {
    const Key = (require('aerospike') as typeof import('aerospike')).Key;
    issue = aerospikeGetPut(Key, new FakeAerospikeClient(), { ...mix, namespace: t.namespace, set: t.set });
    answered = aerospikeNotFound;
  } else throw new Error(`bench:drivers has no bare loop for ${t.kind}`);
  return {
    run: async () => {
      const r = await closedLoop({ inFlight: s.inFlight, warmupSeconds: 0, durationSeconds: NO_END_SECONDS, maxOps: ops }, issue, answered);
      if (r.data.errors > 0 || r.data.ops !== ops)
        throw new Error(`the bare side answered ${r.data.ops} of ${ops} with ${r.data.errors} errors`);
    },
  };
}

/** A worker's loop over the real driver, which loads the stand-in as its client package; connected before it is timed, closed by `close`. */
async function kvscopeSide(s: Scenario, ops: number, dir: string, tickEvery: number): Promise<Side & { close(): Promise<void> }> {
  useClientAt(dir);
  const io: IoCounters = { bytesIn: 0, bytesOut: 0 };
  const driver: Driver = driverFor(s.target.kind)({ scenario: s, workerId: 0, io, log: () => undefined });
  await driver.connect();
  return {
    close: () => driver.close(),
    run: async () => {
      const scenario: Scenario = { ...s, warmupSeconds: 0, durationSeconds: undefined, totalOps: ops };
      const failures: unknown[] = [];
      const t0 = performance.now();
      const loop = buildLoop(scenario, { id: 0, of: 1, scenario }, driver, t0, (_op, err) => failures.push(err));
      // The tick is what a worker sends once a second: made and encoded here, once per second's worth of answers.
      const clock = new TickClock(0, t0, loop, io, () => undefined);
      const outcome = driver.outcome.bind(driver);
      let answers = 0;
      driver.outcome = (r) => {
        if (++answers === tickEvery) {
          answers = 0;
          JSON.stringify({ type: 'tick', data: clock.final() });
        }
        return outcome(r);
      };
      await new Promise<void>((drained) => {
        loop.once('drained', drained);
        loop.start();
      });
      driver.outcome = outcome;
      JSON.stringify(clock.final());
      if (failures.length > 0) throw new Error(`kvscope's side failed ${failures.length} operations: ${String(failures[0])}`);
    },
  };
}

async function cpuNsPerOp(side: Side, ops: number): Promise<number> {
  const c0 = process.cpuUsage();
  await side.run();
  const c = process.cpuUsage(c0);
  return ((c.user + c.system) * NS_PER_US) / ops;
}

/**
 * Both sides, `rounds` times each, the order alternating, after one
 * uncounted run each (the JIT compiles both). A worker's tick is made every
 * `tickEveryAnswers` answers: a second's worth at the rate the caller measured.
 */
export async function driverCost(
  scenario: Scenario,
  o: { rounds: number; ops: number; seed: number; tickEveryAnswers: number },
): Promise<DriverCost> {
  const pkg = KIND_CLIENT[scenario.target.kind];
  if (!pkg) throw new Error(`bench:drivers cannot stand in for ${scenario.target.kind}`);
  const packages = fakePackages();
  try {
    const kv = await kvscopeSide(scenario, o.ops, packages.dir(pkg), Math.max(1, Math.round(o.tickEveryAnswers)));
    try {
      const bare = bareSide(scenario, o.ops, o.seed);
      await bare.run();
      await kv.run();
      const cost: DriverCost = { kvscopeNs: [], bareNs: [] };
      for (let r = 1; r <= o.rounds; r++) {
        const kvFirst = r % 2 === 1;
        const b0 = kvFirst ? undefined : await cpuNsPerOp(bare, o.ops);
        cost.kvscopeNs.push(await cpuNsPerOp(kv, o.ops));
        cost.bareNs.push(b0 ?? (await cpuNsPerOp(bare, o.ops)));
      }
      return cost;
    } finally {
      await kv.close();
    }
  } finally {
    useClientAt(undefined);
    packages.remove();
  }
}
