/**
 * `npm run bench:loop`: what kvscope's load loop adds per operation, without a
 * network in the way. Both sides drive the same in-process fake client, whose
 * answers arrive in batches on the next turn of the event loop (as a socket's
 * do): (a) kvscope's LoadLoop with its recorder, pickers and driver interface,
 * (b) the plainest closed loop with a counter. Alternating rounds in one
 * process; judged on CPU time per operation. The difference is kvscope's own
 * per-operation cost, to set beside a real client's (bench:overhead,
 * bench:aerospike, bench:clusters).
 */
import { NOT_FOUND, OK, type Driver } from '../workers/load/driver';
import { keyFor, Rng } from '../workers/load/keys';
import { LoadLoop } from '../workers/load/loop';
import { cumulativeWeights, OpPicker } from '../workers/load/picker';
import { Recorder } from '../workers/load/recorder';
import { orUsage, readArgs, usageOf, type ArgSpecs } from './args';
import { runBench } from './cleanup';
import { median } from './cpu/verdict';
import { keyChooser } from '../workers/load/key-chooser';
import type { KeyDistributionKind } from '../app/scenario/key-distribution';
import { checkKeyKind, keyDistributionOf, keyDrawCosts } from './key-draws';
import { machineLine } from './machine';

const ROUNDS = 7;
const MAX_ROUNDS = 50;
const SPECS = {
  rounds: { kind: 'whole', min: 1, max: MAX_ROUNDS, value: 'N', help: `rounds of each side, default ${ROUNDS}` },
  keys: {
    kind: 'text',
    value: 'KIND',
    help: "kvscope's key distribution (the bare loop's stays uniform), default uniform",
    check: checkKeyKind,
  },
} as const satisfies ArgSpecs;
const USAGE = usageOf('npm run bench:loop --', SPECS);
const OPS_PER_RUN = 2_000_000;
const IN_FLIGHT = 32;
const KEY_SPACE = 100_000;
const KEY_LENGTH = 10;
const GET_SHARE = 0.5;
const SEED = 1;
/** Far beyond any run here: the loops end on their operation count. */
const NO_END_MS = 3_600_000;
const NS_PER_US = 1000;
const print = (line: string): void => void process.stdout.write(`${line}\n`);

/** A client whose answers all come on the next turn of the event loop, many per turn. */
class FakeClient {
  private waiting: ((v: string | null) => void)[] = [];
  private scheduled = false;
  private readonly answer = (): void => {
    const w = this.waiting;
    this.waiting = [];
    this.scheduled = false;
    for (let i = 0; i < w.length; i++) w[i](i % 2 ? 'value' : null);
  };
  op(key: string): Promise<string | null> {
    if (key.length === 0) throw new Error('no key');
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.answer);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

function bareRun(ops: number): Promise<void> {
  const client = new FakeClient();
  const rng = new Rng(SEED);
  let started = 0;
  let answered = 0;
  return new Promise((done) => {
    const onAnswer = (): void => {
      if (++answered === ops) return done();
      next();
    };
    function next(): void {
      if (started === ops) return;
      started++;
      const key = keyFor(rng.int(KEY_SPACE), KEY_LENGTH);
      (rng.next() < GET_SHARE ? client.op(key) : client.op(key)).then(onAnswer, onAnswer);
    }
    for (let i = 0; i < IN_FLIGHT; i++) next();
  });
}

function kvscopeLoop(ops: number, keys: KeyDistributionKind): Promise<void> {
  const client = new FakeClient();
  const driver: Driver = {
    versions: {},
    connect: () => Promise.resolve(),
    run: (_op, key) => client.op(key),
    outcome: (r) => (r === null ? NOT_FOUND : OK),
    isTimeout: () => false,
    close: () => Promise.resolve(),
  };
  const names = ['get', 'set'];
  const rng = new Rng(SEED);
  const cum = cumulativeWeights(names, { get: GET_SHARE, set: 1 - GET_SHARE });
  const chooser = keyChooser(keyDistributionOf(keys), KEY_SPACE, rng, { id: 0, of: 1 });
  const pickers = Array.from({ length: IN_FLIGHT }, () => new OpPicker(rng, cum, chooser, KEY_LENGTH, undefined, 1));
  const recorder = new Recorder(names);
  const loop = new LoadLoop({
    driver,
    recorder,
    pickers,
    inFlight: IN_FLIGHT,
    measureFrom: -Infinity,
    endAt: performance.now() + NO_END_MS,
    budget: ops,
    opTimeoutMs: NO_END_MS,
  });
  return new Promise((done) => {
    loop.once('drained', () => {
      // The once-a-second encoding, done once: kvscope's per-second cost belongs to it too.
      recorder.drain();
      done();
    });
    loop.start();
  });
}

async function cpuPerOp(run: (ops: number) => Promise<void>): Promise<number> {
  const c0 = process.cpuUsage();
  await run(OPS_PER_RUN);
  const c = process.cpuUsage(c0);
  return ((c.user + c.system) * NS_PER_US) / OPS_PER_RUN;
}

async function main(): Promise<number> {
  // --rounds only: the runs are counted in operations, not seconds.
  const o = orUsage(() => readArgs(process.argv.slice(2), SPECS, USAGE), print);
  if (!o) return 2;
  const rounds = o.rounds ?? ROUNDS;
  const keys = (o.keys ?? 'uniform') as KeyDistributionKind;
  const kvscopeRun = (ops: number): Promise<void> => kvscopeLoop(ops, keys);
  print(`kvscope load-loop cost: ${rounds} rounds of ${OPS_PER_RUN} operations each side, ${IN_FLIGHT} in flight, ${keys} keys`);
  print(machineLine());
  // Both sides once, uncounted: the JIT has compiled both before round 1.
  await bareRun(OPS_PER_RUN / 4);
  await kvscopeRun(OPS_PER_RUN / 4);
  const added: number[] = [];
  const bare: number[] = [];
  const kv: number[] = [];
  for (let r = 1; r <= rounds; r++) {
    const kvFirst = r % 2 === 1;
    const b0 = kvFirst ? undefined : await cpuPerOp(bareRun);
    const k = await cpuPerOp(kvscopeRun);
    const b = b0 ?? (await cpuPerOp(bareRun));
    bare.push(b);
    kv.push(k);
    added.push(k - b);
    print(`round ${r}: CPU ns/op kvscope loop ${k.toFixed(0)}, bare loop ${b.toFixed(0)}, added ${(k - b).toFixed(0)}`);
  }
  print('');
  print(`medians: kvscope loop ${median(kv).toFixed(0)} ns/op, bare loop ${median(bare).toFixed(0)} ns/op`);
  print(
    `kvscope adds ${median(added).toFixed(0)} ns of CPU per operation (median; rounds ${Math.min(...added).toFixed(0)} to ${Math.max(...added).toFixed(0)})`,
  );
  print("       set it beside a real client's CPU per operation (bench:overhead, bench:aerospike): 100 ns is 1% of 10 µs");
  const draws = keyDrawCosts(KEY_SPACE).map((d) => `${d.kind} ${d.ns.toFixed(1)}`);
  print(`key draws, CPU ns each over ${KEY_SPACE} keys: ${draws.join(', ')}`);
  return 0;
}

runBench('bench:loop', main, print);
