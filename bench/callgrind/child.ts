/**
 * One side of bench:callgrind, run under valgrind: `count` operations
 * against the redis-server at `port`, then exit. `bare`: the bare baselines'
 * closed loop and operation (closed-loop.ts, bare-ops.ts). `floor`: the same
 * loop measuring each answer (measured-loop.ts). `kvscope`: its
 * redis driver, load loop, recorder and pickers, built as a worker builds
 * them, without the tick clock: under valgrind a second holds about a
 * fiftieth of the operations it holds natively, so the once-a-second work
 * would weigh fifty times its share (it is about 0.04 % natively;
 * docs/benchmarks.md, bench:callgrind). Valgrind starts it uninstrumented;
 * once connected it says `ready` on stdout and waits for a line on stdin, by
 * which time bench:callgrind has switched instrumentation on (main.ts), so
 * Node's start and the module loading, most of a short run's time under the
 * cache simulation, run at valgrind's plain speed.
 */
import Redis from 'ioredis';
import { performance } from 'node:perf_hooks';
import { parseScenario } from '../../app/scenario/schema';
import { driverFor } from '../../workers/load/drivers';
import { buildLoop } from '../../workers/load/setup';
import { errorMessage } from '../../app/error-message';
import { closedLoop } from '../closed-loop';
import { ioredisGetSet } from '../bare-ops';
import { CALLGRIND_LOAD as L, READY, SIDES, type Side } from './load';

/** Far beyond any run here: both loops end on their operation count. */
const NO_END_SECONDS = 86_400;
const ONLY_WORKER = { id: 0, of: 1 };
/** Say `ready`, then wait for the parent's line: instrumentation is on from there. */
function instrumented(): Promise<void> {
  process.stdout.write(READY);
  return new Promise((resolve) => process.stdin.once('data', () => resolve()));
}

/** The bare loop, or with `measure` the floor: the same loop timing each answer into a histogram (not encoded, as kvscope's side leaves out its tick clock). */
async function bare(count: number, port: number, measure = false): Promise<void> {
  const client = new Redis({ host: '127.0.0.1', port, lazyConnect: true, retryStrategy: () => null });
  client.on('error', () => undefined);
  await client.connect();
  await instrumented();
  const mix = { keySpace: L.keySpace, keyLength: L.keyLength, valueSize: L.valueSize, getShare: L.getShare, seed: L.seed };
  const settings = { inFlight: L.inFlight, warmupSeconds: 0, durationSeconds: NO_END_SECONDS, maxOps: count, measure, encode: false };
  await closedLoop(settings, ioredisGetSet(client, mix));
  client.disconnect();
}

async function kvscope(count: number, port: number): Promise<void> {
  const scenario = parseScenario({
    target: { kind: 'redis', host: '127.0.0.1', port },
    mix: { get: L.getShare, set: 1 - L.getShare },
    inFlight: L.inFlight,
    keySpace: L.keySpace,
    keyLength: L.keyLength,
    valueSize: L.valueSize,
    seed: L.seed,
    warmupSeconds: 0,
    durationSeconds: NO_END_SECONDS,
    totalOps: count,
  });
  const io = { bytesIn: 0, bytesOut: 0 };
  const driver = driverFor('redis')({ scenario, workerId: ONLY_WORKER.id, io, log: () => undefined });
  await driver.connect();
  await instrumented();
  const loop = buildLoop(scenario, { ...ONLY_WORKER, scenario }, driver, performance.now());
  const drained = new Promise<void>((resolve) => loop.once('drained', resolve));
  loop.start();
  await drained;
  await driver.close();
}

async function main(): Promise<void> {
  const [side, countText, portText] = process.argv.slice(2);
  const count = Number(countText);
  const port = Number(portText);
  if (!SIDES.includes(side as Side)) throw new Error(`side: "${side}" is none of ${SIDES.join(', ')}`);
  if (!Number.isInteger(count) || count < 1) throw new Error(`count: "${countText}" is not a whole number of operations`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`port: "${portText}" is not a port`);
  await (side === 'kvscope' ? kvscope(count, port) : bare(count, port, side === 'floor'));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${errorMessage(err)}\n`);
    process.exit(1);
  },
);
