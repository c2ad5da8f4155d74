/** Command-line options of the overhead benchmark. */
import { MAX_SPIN_NS } from './bare-protocol';
import { HAZELCAST_SETTLED_SECONDS } from '../app/scenario/catalog-hazelcast';

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
// Upper bounds keep every invocation finite even with a typo in a flag.
const MAX_ROUNDS = 50;
const MAX_SECONDS = 600;
const MAX_WARMUP_SECONDS = 60;

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
  /** bench:clusters: run this system's rounds only (redis-cluster or hazelcast). */
  only?: string;
  /** bench:overhead --paired: each round also pairs the bare loop with this many ns of pure CPU per operation beside the plain one (sensitivity.ts). */
  sensitivityNs?: number;
}

export class UsageError extends Error {}

/** The systems bench:clusters runs, any one of which --only may pick. */
const ONLY = ['redis-cluster', 'hazelcast'];

const USAGE = `usage: node dist/bench/overhead.js [--rounds N] [--seconds S] [--warmup S]
  --rounds   rounds of (kvscope, bare ioredis loop, redis-benchmark), default ${DEFAULT_ROUNDS}, max ${MAX_ROUNDS}
  --seconds  measured seconds per run, default ${DEFAULT_SECONDS}, max ${MAX_SECONDS}
  --warmup   warm-up seconds excluded from each run, default ${DEFAULT_WARMUP_SECONDS}, max ${MAX_WARMUP_SECONDS}
  --priming  seconds of the uncounted first run (bench:clusters), default 20, max ${MAX_SECONDS}
  --paired   kvscope and the bare loop at the same time in each round, sharing the clients' CPU (bench:clusters, bench:overhead)
  --loop     kvscope's load loop and driver alone (no main, monitor or IPC) beside the bare loop, paired (bench:clusters)
  --against  DIR: with --loop, another build's loop (DIR is its dist folder) in place of the bare loop (bench:clusters)
  --only     NAME: one system's rounds only, redis-cluster or hazelcast (bench:clusters)
  --sensitivity NS  with --paired: each round also pairs the bare loop with NS ns of pure CPU per operation beside
             the plain one, to show how a known cost that small reads in this pairing (bench:overhead), max ${MAX_SPIN_NS}`;

const LIMITS: Record<
  string,
  { key: 'rounds' | 'seconds' | 'warmupSeconds' | 'primingSeconds' | 'sensitivityNs'; min: number; max: number }
> = {
  '--rounds': { key: 'rounds', min: 1, max: MAX_ROUNDS },
  '--seconds': { key: 'seconds', min: 1, max: MAX_SECONDS },
  '--warmup': { key: 'warmupSeconds', min: 0, max: MAX_WARMUP_SECONDS },
  '--priming': { key: 'primingSeconds', min: 1, max: MAX_SECONDS },
  '--sensitivity': { key: 'sensitivityNs', min: 1, max: MAX_SPIN_NS },
};

/** Accepts `--flag N` and `--flag=N`; whole numbers only, so runs line up with kvscope's whole seconds. */
function parseOptions(argv: readonly string[]): BenchOptions {
  const o: BenchOptions = { rounds: DEFAULT_ROUNDS, seconds: DEFAULT_SECONDS, warmupSeconds: DEFAULT_WARMUP_SECONDS };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    if (flag === '--help' || flag === '-h') throw new UsageError(USAGE);
    if ((flag === '--paired' || flag === '--loop') && inline === undefined) {
      o[flag === '--paired' ? 'paired' : 'loop'] = true;
      continue;
    }
    if (flag === '--against') {
      const dir = inline ?? argv[++i];
      if (!dir || dir.startsWith('--')) throw new UsageError(`--against needs another build's dist folder\n${USAGE}`);
      o.against = dir;
      continue;
    }
    if (flag === '--only') {
      const name = inline ?? argv[++i];
      if (!ONLY.includes(name)) throw new UsageError(`--only takes ${ONLY.join(' or ')}, got ${name ?? 'nothing'}\n${USAGE}`);
      o.only = name;
      continue;
    }
    const limit = LIMITS[flag];
    if (!limit) throw new UsageError(`unknown option ${argv[i]}\n${USAGE}`);
    const text = inline ?? argv[++i];
    const n = Number(text);
    if (text === undefined || !Number.isInteger(n) || n < limit.min || n > limit.max) {
      throw new UsageError(`${flag} needs a whole number from ${limit.min} to ${limit.max}, got ${text ?? 'nothing'}`);
    }
    o[limit.key] = n;
  }
  if (o.against !== undefined && !o.loop) throw new UsageError(`--against compares loops: it needs --loop\n${USAGE}`);
  if (o.sensitivityNs !== undefined && !o.paired)
    throw new UsageError(`--sensitivity adds a pair to each paired round: it needs --paired\n${USAGE}`);
  return o;
}

/** The options, or undefined once a usage message has been printed (a bad flag, --help). */
export function optionsOrUsage(argv: readonly string[], print: (line: string) => void): BenchOptions | undefined {
  try {
    return parseOptions(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    print(err.message);
    return undefined;
  }
}
