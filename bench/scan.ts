/**
 * `npm run bench:scan [-- --rounds N --seconds S]`: aerospike-scan-noop and
 * aerospike-scan-file against the protocol test node, each with the lean
 * stream heap (the default) and with Node's own, alternating: records/s, the
 * worker's peak RSS and kvscope's CPU time per record side by side. Judged on
 * the lean worker's peak RSS against the seed's 111 MB (the v2 client
 * streaming records to a file).
 */
import { fmtInt, MIB } from '../app/report/numbers';
import { findScenario } from '../app/scenario/catalog';
import { parseScenario, type Scenario } from '../app/scenario/schema';
import { installExitHandlers, onAbort, runBench } from './cleanup';
import { median } from './cpu/verdict';
import { optionsOrUsage } from './options';
import { runKvscope, type KvscopeResult } from './run-kvscope';
import { startAerospikeNode } from '../tools/aerospike-node/client';
import { machineLine } from './machine';

/** The seed's figure for its v2 client streaming a query's records to a file (MB, read as MiB: the stricter). */
const SEED_FILE_SINK_MIB = 111;
const SINKS = ['noop', 'file'] as const;
const HEAPS = ['lean', 'node'] as const;
const print = (line: string): void => void process.stdout.write(`${line}\n`);

function scenarioFor(
  sink: (typeof SINKS)[number],
  heap: (typeof HEAPS)[number],
  hosts: string,
  o: { seconds: number; warmupSeconds: number },
  /** Records to write first (the uncounted run), none when undefined. */
  prefill: number | undefined,
): Scenario {
  const base = findScenario(`aerospike-scan-${sink}`)!;
  const target = base.target as Record<string, unknown>;
  return parseScenario({
    ...base,
    target: { ...target, hosts, streamHeap: heap, prefill: prefill ?? 0 },
    warmupSeconds: o.warmupSeconds,
    durationSeconds: o.seconds,
  });
}

const mib = (bytes: number): string => (bytes / MIB).toFixed(1);

async function main(): Promise<number> {
  installExitHandlers(print);
  const o = optionsOrUsage(process.argv.slice(2), print);
  if (!o) return 2;
  const node = await startAerospikeNode(['--nodes', '1']);
  // Killed on every way out: Ctrl-C and errors too.
  const unregister = onAbort(() => {
    try {
      process.kill(node.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
  try {
    // The set is written once, by a run not counted; every measured run scans what it holds.
    const records = o.records ?? (findScenario('aerospike-scan-noop')!.target as { prefill: number }).prefill;
    print(
      `kvscope scan benchmark: ${o.rounds} round(s) of ${o.warmupSeconds} s warm-up + ${o.seconds} s per sink and heap, against the protocol test node ${node.hosts}, ${fmtInt(records)} records`,
    );
    print(machineLine());
    await runKvscope(scenarioFor('noop', 'lean', node.hosts, { seconds: 1, warmupSeconds: 0 }, records));
    const results = new Map<string, KvscopeResult[]>();
    for (let r = 1; r <= o.rounds; r++) {
      const order = r % 2 === 1 ? HEAPS : [...HEAPS].reverse();
      for (const sink of SINKS) {
        for (const heap of order) {
          const res = await runKvscope(scenarioFor(sink, heap, node.hosts, o, undefined));
          results.set(`${sink}/${heap}`, [...(results.get(`${sink}/${heap}`) ?? []), res]);
          print(
            `round ${r} ${sink.padEnd(4)} ${heap.padEnd(4)}: ${fmtInt(res.opsPerSec)} records/s, peak worker RSS ${mib(res.peakWorkerRss)} MiB, ${res.cpuUsPerOp.toFixed(2)} CPU µs/record, errors ${res.errors}`,
          );
        }
      }
    }
    for (const sink of SINKS) {
      const line = HEAPS.map((heap) => {
        const rs = results.get(`${sink}/${heap}`)!;
        return `${heap}: ${fmtInt(median(rs.map((x) => x.opsPerSec)))} records/s, peak RSS ${mib(Math.max(...rs.map((x) => x.peakWorkerRss)))} MiB, ${median(rs.map((x) => x.cpuUsPerOp)).toFixed(2)} CPU µs/record`;
      });
      print(`${sink}: ${line.join(' | ')} (medians; RSS the highest of the rounds)`);
      const lean = Math.max(...results.get(`${sink}/lean`)!.map((x) => x.peakWorkerRss)) / MIB;
      const ok = lean < SEED_FILE_SINK_MIB;
      print(
        `${ok ? 'PASS' : 'MISS'}: ${sink} sink, a lean scanning worker peaks at ${lean.toFixed(1)} MiB (target: below the seed's ${SEED_FILE_SINK_MIB} MB)`,
      );
    }
    print(
      'note: the test node is a single Node.js process on this machine; a real server sends faster, which the lean heap does not change.',
    );
    return 0;
  } finally {
    unregister();
    await node.close();
  }
}

runBench('bench:scan', main, print);
