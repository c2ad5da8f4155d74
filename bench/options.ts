/** Command-line options of the overhead benchmark. */
import { MAX_SPIN_NS } from './bare-protocol';
import { HAZELCAST_SETTLED_SECONDS } from '../app/scenario/catalog-hazelcast';
import { STREAM_RECORDS } from '../app/scenario/catalog-aerospike';
import { UsageError, orUsage, readArgs, usageOf, type ArgSpecs } from './args';

/** Several rounds, so one noisy round cannot decide the verdict alone. */
export const DEFAULT_ROUNDS = 3;
export const DEFAULT_SECONDS = 10;
/**
 * Past the clients' and kvscope's first recompilations: a Hazelcast client's
 * code is thrown away and compiled again when its first metrics go out (5 s
 * after it starts), and main compiles its once-a-second work in its first
 * seconds. A shorter warm-up leaves them in the measured seconds, a different
 * amount in each process (docs/benchmarks.md, "Warm-up and round length").
 */
export const DEFAULT_WARMUP_SECONDS = HAZELCAST_SETTLED_SECONDS;
const MAX_ROUNDS = 50;
const MAX_SECONDS = 600;
const MAX_WARMUP_SECONDS = 60;
/** bench:scan's set at most: as many records as a target's prefill may write. */
const MAX_SCAN_RECORDS = 10_000_000;

export interface BenchOptions {
  rounds: number;
  /** Measured seconds of each kvscope and bare-loop run (and the target length of each redis-benchmark test). */
  seconds: number;
  warmupSeconds: number;
  /** Seconds of the uncounted first run, where a benchmark has one; its own default when absent. */
  primingSeconds?: number;
  /** bench:clusters and bench:overhead: each round runs kvscope and the bare loop at the same time (run-paired.ts) instead of one after the other. */
  paired?: boolean;
  /** bench:clusters: kvscope's load loop in a plain child beside the bare loop (clusters/loop-child.ts), instead of whole runs. */
  loop?: boolean;
  /** bench:clusters --loop: another build's loop (its dist folder) in place of the bare loop, to A/B a change of the hot path. */
  against?: string;
  /** bench:clusters: run this system's rounds only (redis-cluster or hazelcast), on its cluster alone. */
  only?: string;
  /** bench:scan: records written once and scanned; the scenarios' own prefill when absent. */
  records?: number;
  /** bench:overhead --paired: each round also pairs the bare loop with this many ns of pure CPU per operation beside the plain one (sensitivity.ts). */
  sensitivityNs?: number;
}

export { UsageError } from './args';

/** The systems bench:clusters runs, any one of which --only may pick. */
const ONLY = ['redis-cluster', 'hazelcast'];

/** The flags every paired bench reads alike: its rounds, their length and warm-up. */
export const ROUND_SPECS = {
  rounds: { kind: 'whole', min: 1, max: MAX_ROUNDS, value: 'N', help: `rounds (kvscope beside the bare loop), default ${DEFAULT_ROUNDS}` },
  seconds: { kind: 'whole', min: 1, max: MAX_SECONDS, value: 'S', help: `measured seconds per run, default ${DEFAULT_SECONDS}` },
  warmup: {
    kind: 'whole',
    min: 0,
    max: MAX_WARMUP_SECONDS,
    value: 'S',
    help: `warm-up seconds excluded from each run, default ${DEFAULT_WARMUP_SECONDS}`,
  },
} as const satisfies ArgSpecs;

/** A known cost beside the bare loop, to show how small a cost the pairing can read (sensitivity.ts). */
export const SENSITIVITY_SPEC = {
  kind: 'whole',
  min: 1,
  max: MAX_SPIN_NS,
  value: 'NS',
  help: 'with --paired: each round also pairs the bare loop with NS ns of pure CPU per operation beside the plain one',
} as const satisfies ArgSpecs[string];

const SPECS = {
  ...ROUND_SPECS,
  priming: { kind: 'whole', min: 1, max: MAX_SECONDS, value: 'S', help: 'seconds of the uncounted first run (bench:clusters), default 20' },
  paired: {
    kind: 'switch',
    help: "kvscope and the bare loop at the same time in each round, sharing the clients' CPU (bench:clusters, bench:overhead)",
  },
  loop: {
    kind: 'switch',
    help: "kvscope's load loop and driver alone (no main, monitor or IPC) beside the bare loop, paired (bench:clusters)",
  },
  against: {
    kind: 'text',
    value: 'DIR',
    help: "with --loop, another build's loop (DIR is its dist folder) in place of the bare loop (bench:clusters)",
  },
  only: {
    kind: 'text',
    value: 'NAME',
    help: `one system's rounds only, ${ONLY.join(' or ')}, and its cluster alone started (bench:clusters)`,
    check: (v: string) => (ONLY.includes(v) ? undefined : `takes ${ONLY.join(' or ')}`),
  },
  sensitivity: SENSITIVITY_SPEC,
  records: {
    kind: 'whole',
    min: 1,
    max: MAX_SCAN_RECORDS,
    value: 'N',
    help: `records written once and scanned in every run (bench:scan), default the scenarios' ${STREAM_RECORDS}`,
  },
} as const satisfies ArgSpecs;

const USAGE = usageOf('node dist/bench/overhead.js (or clusters/main.js)', SPECS);

function parseOptions(argv: readonly string[]): BenchOptions {
  const a = readArgs(argv, SPECS, USAGE);
  const o: BenchOptions = {
    rounds: a.rounds ?? DEFAULT_ROUNDS,
    seconds: a.seconds ?? DEFAULT_SECONDS,
    warmupSeconds: a.warmup ?? DEFAULT_WARMUP_SECONDS,
  };
  if (a.priming !== undefined) o.primingSeconds = a.priming;
  if (a.paired) o.paired = true;
  if (a.loop) o.loop = true;
  if (a.against !== undefined) o.against = a.against;
  if (a.only !== undefined) o.only = a.only;
  if (a.sensitivity !== undefined) o.sensitivityNs = a.sensitivity;
  if (a.records !== undefined) o.records = a.records;
  if (o.against !== undefined && !o.loop) throw new UsageError(`--against compares loops: it needs --loop\n${USAGE}`);
  if (o.sensitivityNs !== undefined && !o.paired)
    throw new UsageError(`--sensitivity adds a pair to each paired round: it needs --paired\n${USAGE}`);
  return o;
}

/** The options, or undefined once a usage message has been printed (a bad flag, --help). */
export function optionsOrUsage(argv: readonly string[], print: (line: string) => void): BenchOptions | undefined {
  return orUsage(() => parseOptions(argv), print);
}
