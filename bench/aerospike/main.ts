/**
 * `npm run bench:aerospike -- --hosts H:P[,H:P]`: aerospike-50-50 through
 * kvscope and, in the same run, a bare `aerospike` client loop with the same
 * worker processes and in-flight count, alternating (kvscope first in odd
 * rounds, bare first in even ones) so drift falls on both alike; with
 * `--paired`, one worker and one bare process at the same time in each round,
 * then the control and the floor (bench/paired-bench.ts). Prints both ops/s
 * and CPU time per operation; judged on CPU per operation (bench/cpu).
 */
import { fmtInt } from '../../app/report/numbers';
import { join } from 'node:path';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario, type Scenario } from '../../app/scenario/schema';
import { installExitHandlers, runBench } from '../cleanup';
import { fixedHeapLine } from '../fixed-heap';
import { runBare } from '../run-bare';
import { runKvscope } from '../run-kvscope';
import { parseAsOptions, type AsBenchOptions } from './options';
import type { AsBareStart } from './protocol';
import { cpuRoundLine, cpuVerdict, type BareCpu, type CpuRound } from '../cpu/verdict';
import { driverCostAfter } from '../drivers/verdict';
import { pairedRounds } from '../paired-bench';
import { machineLine } from '../machine';

const SCENARIO = 'aerospike-50-50';
const BARE_SEED = 1;
/**
 * A fresh node (a JIT still warming up, caches empty) answers slower for a
 * while, and a client that waits longer per answer spends more CPU per
 * operation: one uncounted bare run this long comes first, so round 1 is not
 * decided by whichever side ran first.
 */
const PRIMING_SECONDS = 10;
const BARE_LOOP = join(__dirname, 'bare-loop.js');
const print = (line: string): void => void process.stdout.write(`${line}\n`);

function scenarioFor(o: AsBenchOptions): Scenario {
  const base = findScenario(SCENARIO)!;
  return parseScenario({
    ...base,
    target: { ...(base.target as object), kind: 'aerospike', hosts: o.hosts },
    workers: o.workers ?? base.workers,
    inFlight: o.inFlight ?? base.inFlight,
    warmupSeconds: o.warmupSeconds,
    durationSeconds: o.seconds,
  });
}

/** The start message of bare process `i`: the load of one kvscope worker of the scenario. */
function bareStart(s: Scenario, i: number): AsBareStart {
  const t = s.target;
  if (t.kind !== 'aerospike') throw new Error('not an aerospike scenario');
  return {
    hosts: t.hosts,
    namespace: t.namespace,
    set: t.set,
    inFlight: s.inFlight,
    keySpace: s.keySpace,
    keyLength: s.keyLength,
    valueSize: s.valueSize,
    getShare: s.mix?.get ?? 0.5,
    totalTimeoutMs: t.totalTimeoutMs,
    warmupSeconds: s.warmupSeconds,
    durationSeconds: s.durationSeconds ?? 0,
    seed: BARE_SEED + i,
  };
}

/** The bare loop, one process per kvscope worker, all at once; their ops/s, operations and CPU time add up. */
async function bare(s: Scenario): Promise<{ opsPerSec: number; errors: number } & BareCpu> {
  const results = await Promise.all(Array.from({ length: s.workers }, (_, i) => runBare(bareStart(s, i), BARE_LOOP)));
  const sum = (f: (r: (typeof results)[number]) => number): number => results.reduce((a, r) => a + f(r), 0);
  return { opsPerSec: sum((r) => r.opsPerSec), errors: sum((r) => r.errors), ops: sum((r) => r.ops), cpuUs: sum((r) => r.cpuUs) };
}

/** Alternating rounds: kvscope first in odd rounds, bare first in even ones. */
async function alternating(s: Scenario, rounds: number): Promise<CpuRound[]> {
  const out: CpuRound[] = [];
  for (let r = 1; r <= rounds; r++) {
    const kvFirst = r % 2 === 1;
    const b0 = kvFirst ? undefined : await bare(s);
    const kv = await runKvscope(s);
    const b = b0 ?? (await bare(s));
    out.push({ kvscope: kv, bare: b });
    print(
      `round ${r} (${kvFirst ? 'kvscope' : 'bare'} first): kvscope ${fmtInt(kv.opsPerSec)} ops/s, bare loop ${fmtInt(b.opsPerSec)} ops/s, ` +
        `ratio ${(kv.opsPerSec / b.opsPerSec).toFixed(3)}; errors ${kv.errors} / ${b.errors}`,
    );
    print(`   ${cpuRoundLine(out[out.length - 1])}`);
  }
  print('');
  for (const line of cpuVerdict(SCENARIO, out).lines) print(line);
  return out;
}

async function main(): Promise<number> {
  installExitHandlers(print);
  const o = parseAsOptions(process.argv.slice(2));
  if (typeof o === 'string') {
    print(o);
    return 2;
  }
  const s = scenarioFor(o);
  print(
    `kvscope aerospike benchmark: ${SCENARIO} against ${o.hosts}, ${s.workers} process(es) x ${s.inFlight} in flight, ` +
      `${o.rounds} ${o.paired ? 'paired ' : ''}round(s) of ${s.warmupSeconds} s warm-up + ${o.seconds} s measured`,
  );
  print(machineLine());
  print(fixedHeapLine());
  const primed = await bare({ ...s, warmupSeconds: 0, durationSeconds: o.primingSeconds ?? PRIMING_SECONDS });
  print(`priming: bare loop ${fmtInt(primed.opsPerSec)} ops/s over ${o.primingSeconds ?? PRIMING_SECONDS} s (not counted)`);
  const rounds = o.paired
    ? await pairedRounds(SCENARIO, s, { script: BARE_LOOP, start: bareStart(s, 0) }, o.rounds, print, o.sensitivityNs)
    : await alternating(s, o.rounds);
  for (const line of (await driverCostAfter(SCENARIO, s, rounds, BARE_SEED)).lines) print(line);
  print('note: against the protocol test node (tools/aerospike-node) the node, a single Node.js process, is the');
  print("      bottleneck: ops/s say little, but CPU per operation is still the client side's own cost.");
  return 0;
}

runBench('bench:aerospike', main, print);
