/**
 * One replay of bench:second in a fresh process: `seconds` seconds of a
 * run's once-a-second work, each part's CPU time read around it. A worker's
 * part is its recorder's drain (each op's histogram encoded); main's are the
 * tick's validation (as it arrives over IPC), the merge of every worker's
 * ticks, the summary's share and the run file's line. The modules come from
 * the build named by `dist`, so two builds can be set side by side.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Recorder as RecorderT } from '../../workers/load/recorder';
import type * as MergeTicks from '../../app/metrics/merge-ticks';
import type * as Envelope from '../../app/protocol/envelope';
import type * as WorkerProtocol from '../../app/protocol/worker';
import type * as Summary from '../../app/metrics/summary';
import type { Tick } from '../../app/metrics/tick';

export interface ChildRequest {
  dist: string;
  workers: number;
  ops: number;
  seconds: number;
  /** Pause between two seconds (ms): a second's work runs once a second, with the compiler's threads working in between. */
  gapMs: number;
  /** Latencies recorded per op per worker in a second. */
  perSecond: number;
}

export const PARTS = ['encode', 'decode', 'merge', 'summary', 'line'] as const;
export type Part = (typeof PARTS)[number];
/** Each part's CPU time (µs) in each second. */
export type ChildResult = Record<Part, number[]>;

/** Latencies around a millisecond with a tail, the same in every replay (seeded). */
function latencies(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    const u = s / 2147483648;
    return 1200 * Math.exp((u - 0.5) * 1.5) + (u > 0.999 ? 20_000 * u : 0);
  };
}

async function replay(r: ChildRequest): Promise<ChildResult> {
  // The other build's modules, by their paths inside its dist folder.
  const loadFrom = createRequire(join(r.dist, 'bench', 'second', 'child.js'));
  const load = <T>(path: string): T => loadFrom(`../../${path}`) as T;
  const { Recorder } = load<{ Recorder: typeof RecorderT }>('workers/load/recorder');
  const { mergeTicks } = load<typeof MergeTicks>('app/metrics/merge-ticks');
  const { decodeMessage } = load<typeof Envelope>('app/protocol/envelope');
  const { FromWorkerSchema } = load<typeof WorkerProtocol>('app/protocol/worker');
  const { SummaryBuilder } = load<typeof Summary>('app/metrics/summary');
  const opNames = ['get', 'set', 'delete', 'scan'].slice(0, r.ops);
  const recorders = Array.from({ length: r.workers }, () => new Recorder(opNames));
  const draws = recorders.map((_, w) => latencies(w + 1));
  const summary = new SummaryBuilder();
  const out: ChildResult = { encode: [], decode: [], merge: [], summary: [], line: [] };
  const timed = <T>(part: Part, k: number, f: () => T): T => {
    const before = process.cpuUsage();
    const v = f();
    const d = process.cpuUsage(before);
    out[part][k] = (out[part][k] ?? 0) + d.user + d.system;
    return v;
  };
  for (let k = 0; k < r.seconds; k++) {
    await new Promise((done) => setTimeout(done, r.gapMs));
    const ticks: Tick[] = [];
    recorders.forEach((rec, w) => {
      for (let op = 0; op < r.ops; op++) for (let i = 0; i < r.perSecond; i++) rec.ok(op, draws[w](), i % 50 === 0);
      const ops = timed('encode', k, () => rec.drain());
      const mem = { rss: 1e8, heapUsed: 1e7, external: 1e6 };
      const tick: Tick = { worker: w, second: k, ops, bytesIn: 1e6, bytesOut: 1e6, mem, elu: 0.9, cpu: 0.95, inFlight: 32, backlog: 0 };
      // What main receives: the envelope as Node's IPC hands it over (serialized, parsed).
      const raw: unknown = JSON.parse(JSON.stringify({ type: 'tick', data: tick }));
      const d = timed('decode', k, () => decodeMessage(FromWorkerSchema, raw));
      if (!d.ok || d.msg.type !== 'tick') throw new Error(`a tick was refused: ${d.ok ? d.msg.type : d.reason}`);
      ticks.push(d.msg.data);
    });
    const sample = timed('merge', k, () => mergeTicks(k, 'run', Date.now(), ticks, [], r.workers));
    timed('summary', k, () => summary.add(sample));
    timed('line', k, () => JSON.stringify({ type: 'sample', data: sample }));
  }
  return out;
}

// Run as a child only: main.ts imports this file's types and parts.
if (require.main === module) {
  const request = JSON.parse(process.argv[2] ?? '{}') as ChildRequest;
  replay(request).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
