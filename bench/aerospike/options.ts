import { parseSeedHosts } from '../../app/scenario/aerospike-target';
import { DEFAULT_ROUNDS, DEFAULT_SECONDS, DEFAULT_WARMUP_SECONDS } from '../options';
import { MAX_SPIN_NS } from '../bare-protocol';
import { errorMessage } from '../../app/error-message';

// Upper bounds keep every invocation finite even with a typo in a flag.
const LIMITS = { rounds: 50, seconds: 600, warmup: 60, workers: 64, inFlight: 10_000 } as const;

export interface AsBenchOptions {
  hosts: string;
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  workers?: number;
  inFlight?: number;
  /** Seconds of the uncounted bare run that comes first. */
  primingSeconds?: number;
  /** kvscope and the bare loop at the same time in each round, one worker a side (bench/paired-bench.ts). */
  paired?: boolean;
  /** With --paired: each round also pairs the bare loop with this many ns of pure CPU per operation beside the plain one (bench/sensitivity.ts). */
  sensitivityNs?: number;
}

const USAGE = `usage: npm run bench:aerospike -- --hosts H:P[,H:P] [--rounds N] [--seconds N] [--warmup N] [--workers N] [--in-flight N]
  --hosts      seed hosts of the cluster (required)
  --rounds     kvscope/bare pairs, default ${DEFAULT_ROUNDS}, max ${LIMITS.rounds}
  --seconds    measured seconds per run, default ${DEFAULT_SECONDS}, max ${LIMITS.seconds}
  --warmup     warm-up seconds per run, default ${DEFAULT_WARMUP_SECONDS}, max ${LIMITS.warmup}
  --workers    processes (aerospike-50-50: 4), max ${LIMITS.workers}
  --in-flight  operations in flight per process (aerospike-50-50: 32), max ${LIMITS.inFlight}
  --priming    seconds of the uncounted bare run first, default 10, max ${LIMITS.seconds}
  --paired     kvscope and the bare loop at the same time in each round, one worker a side, with the control and the floor
  --sensitivity NS  with --paired: each round also pairs the bare loop with NS ns of pure CPU per operation beside the
               plain one, to show how a known cost that small reads in this pairing (max ${MAX_SPIN_NS})`;

/** The options, or a message (usage or the bad flag) to print. */
export function parseAsOptions(argv: readonly string[]): AsBenchOptions | string {
  const o: Partial<AsBenchOptions> = { rounds: DEFAULT_ROUNDS, seconds: DEFAULT_SECONDS, warmupSeconds: DEFAULT_WARMUP_SECONDS };
  const whole = (flag: string, v: string | undefined, min: number, max: number): number => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n) || n < min || n > max)
      throw new Error(`${flag} needs a whole number from ${min} to ${max}, got ${v ?? 'nothing'}`);
    return n;
  };
  try {
    for (let i = 0; i < argv.length; i++) {
      const [flag, inline] = argv[i].split('=', 2);
      if (flag === '--help' || flag === '-h') return USAGE;
      if (flag === '--paired' && inline === undefined) {
        o.paired = true;
        continue;
      }
      const v = inline ?? argv[++i];
      if (flag === '--hosts') {
        parseSeedHosts(v ?? '');
        o.hosts = v;
      } else if (flag === '--rounds') o.rounds = whole(flag, v, 1, LIMITS.rounds);
      else if (flag === '--seconds') o.seconds = whole(flag, v, 1, LIMITS.seconds);
      else if (flag === '--warmup') o.warmupSeconds = whole(flag, v, 0, LIMITS.warmup);
      else if (flag === '--workers') o.workers = whole(flag, v, 1, LIMITS.workers);
      else if (flag === '--in-flight') o.inFlight = whole(flag, v, 1, LIMITS.inFlight);
      else if (flag === '--priming') o.primingSeconds = whole(flag, v, 1, LIMITS.seconds);
      else if (flag === '--sensitivity') o.sensitivityNs = whole(flag, v, 1, MAX_SPIN_NS);
      else return `unknown option ${argv[i]}\n${USAGE}`;
    }
  } catch (err) {
    return `${errorMessage(err)}\n${USAGE}`;
  }
  if (!o.hosts) return `--hosts is required\n${USAGE}`;
  // The control and the floor pair one bare process with another: kvscope's side is one worker too.
  if (o.paired && o.workers !== undefined && o.workers !== 1)
    return `--workers: --paired runs one worker a side, got ${o.workers}\n${USAGE}`;
  if (o.paired) o.workers = 1;
  if (o.sensitivityNs !== undefined && !o.paired) return `--sensitivity adds a pair to each paired round: it needs --paired\n${USAGE}`;
  return o as AsBenchOptions;
}
