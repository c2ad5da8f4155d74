/**
 * `npm run bench:aerospike -- --hosts H:P[,H:P]`: aerospike-50-50 through
 * kvscope and, in the same run, a bare `aerospike` client loop with the same
 * worker processes and in-flight count, alternating (kvscope first in odd
 * rounds, bare first in even ones) so drift falls on both alike. Prints both
 * ops/s and their ratio; target: kvscope within 3% of the bare loop.
 */
import { fmtInt } from '../../app/report/numbers';
import { join } from 'node:path';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario, type Scenario } from '../../app/scenario/schema';
import { installExitHandlers, runBench } from '../cleanup';
import { runBare } from '../run-bare';
import { runKvscope } from '../run-kvscope';
import { parseAsOptions, type AsBenchOptions } from './options';
import type { AsBareStart } from './protocol';

const TARGET_RATIO_GAP = 0.03;
const BARE_SEED = 1;
const BARE_LOOP = join(__dirname, 'bare-loop.js');
const print = (line: string): void => void process.stdout.write(`${line}\n`);

function scenarioFor(o: AsBenchOptions): Scenario {
  const base = findScenario('aerospike-50-50')!;
  return parseScenario({
    ...base,
    target: { ...(base.target as object), kind: 'aerospike', hosts: o.hosts },
    workers: o.workers ?? base.workers,
    inFlight: o.inFlight ?? base.inFlight,
    warmupSeconds: o.warmupSeconds,
    durationSeconds: o.seconds,
  });
}

/** The bare loop, one process per kvscope worker, all at once; their ops/s add up. */
async function bare(s: Scenario): Promise<{ opsPerSec: number; errors: number }> {
  const t = s.target;
  if (t.kind !== 'aerospike') throw new Error('not an aerospike scenario');
  const start = (i: number): AsBareStart => ({
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
  });
  const results = await Promise.all(Array.from({ length: s.workers }, (_, i) => runBare(start(i), BARE_LOOP)));
  return { opsPerSec: results.reduce((a, r) => a + r.opsPerSec, 0), errors: results.reduce((a, r) => a + r.errors, 0) };
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
    `kvscope aerospike benchmark: aerospike-50-50 against ${o.hosts}, ${s.workers} processes x ${s.inFlight} in flight, ` +
      `${o.rounds} round(s) of ${s.warmupSeconds} s warm-up + ${o.seconds} s measured; node ${process.version}`,
  );
  const ratios: number[] = [];
  for (let r = 1; r <= o.rounds; r++) {
    const kvFirst = r % 2 === 1;
    const first = kvFirst ? await runKvscope(s) : await bare(s);
    const second = kvFirst ? await bare(s) : await runKvscope(s);
    const [kv, b] = kvFirst ? [first, second] : [second, first];
    const ratio = kv.opsPerSec / b.opsPerSec;
    ratios.push(ratio);
    print(
      `round ${r} (${kvFirst ? 'kvscope' : 'bare'} first): kvscope ${fmtInt(kv.opsPerSec)} ops/s, bare loop ${fmtInt(b.opsPerSec)} ops/s, ` +
        `ratio ${ratio.toFixed(3)}; errors ${kv.errors} / ${b.errors}`,
    );
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
  const pass = Math.abs(1 - median) <= TARGET_RATIO_GAP;
  print(`\nmedian ratio kvscope / bare: ${median.toFixed(3)}; target within ${TARGET_RATIO_GAP * 100}%: ${pass ? 'PASS' : 'MISS'}`);
  print('note: against the protocol test node (test/aerospike-node) this proves the harness only: the node, a single');
  print("      Node.js process, is the bottleneck. Measure kvscope's overhead against a real cluster.");
  return 0;
}

runBench('bench:aerospike', main, print);
