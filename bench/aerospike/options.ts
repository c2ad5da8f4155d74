import { parseSeedHosts } from '../../app/scenario/aerospike-target';
import { DEFAULT_ROUNDS, DEFAULT_SECONDS, DEFAULT_WARMUP_SECONDS, ROUND_SPECS, SENSITIVITY_SPEC } from '../options';
import { errorMessage } from '../../app/error-message';
import { UsageError, orUsage, readArgs, usageOf, type ArgSpecs } from '../args';

// Upper bounds keep every invocation finite even with a typo in a flag.
const LIMITS = { workers: 64, inFlight: 10_000, primingSeconds: 600 } as const;

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

const SPECS = {
  hosts: {
    kind: 'text',
    value: 'H:P[,H:P]',
    help: 'seed hosts of the cluster (required)',
    check: (v: string) => {
      try {
        parseSeedHosts(v);
        return undefined;
      } catch (err) {
        return errorMessage(err);
      }
    },
  },
  ...ROUND_SPECS,
  workers: { kind: 'whole', min: 1, max: LIMITS.workers, value: 'N', help: 'processes (aerospike-50-50: 4)' },
  'in-flight': { kind: 'whole', min: 1, max: LIMITS.inFlight, value: 'N', help: 'operations in flight per process (aerospike-50-50: 32)' },
  priming: { kind: 'whole', min: 1, max: LIMITS.primingSeconds, value: 'S', help: 'seconds of the uncounted bare run first, default 10' },
  paired: {
    kind: 'switch',
    help: 'kvscope and the bare loop at the same time in each round, one worker a side, with the control and the floor',
  },
  sensitivity: SENSITIVITY_SPEC,
} as const satisfies ArgSpecs;

const USAGE = usageOf('npm run bench:aerospike --', SPECS);

function parse(argv: readonly string[]): AsBenchOptions {
  const a = readArgs(argv, SPECS, USAGE);
  if (a.hosts === undefined) throw new UsageError(`--hosts is required\n${USAGE}`);
  const o: AsBenchOptions = {
    hosts: a.hosts,
    rounds: a.rounds ?? DEFAULT_ROUNDS,
    seconds: a.seconds ?? DEFAULT_SECONDS,
    warmupSeconds: a.warmup ?? DEFAULT_WARMUP_SECONDS,
  };
  if (a.workers !== undefined) o.workers = a.workers;
  if (a['in-flight'] !== undefined) o.inFlight = a['in-flight'];
  if (a.priming !== undefined) o.primingSeconds = a.priming;
  if (a.sensitivity !== undefined) o.sensitivityNs = a.sensitivity;
  if (a.paired) {
    // The control and the floor pair one bare process with another: kvscope's side is one worker too.
    if (o.workers !== undefined && o.workers !== 1)
      throw new UsageError(`--workers: --paired runs one worker a side, got ${o.workers}\n${USAGE}`);
    o.paired = true;
    o.workers = 1;
  }
  if (o.sensitivityNs !== undefined && !o.paired)
    throw new UsageError(`--sensitivity adds a pair to each paired round: it needs --paired\n${USAGE}`);
  return o;
}

/** The options, or a message (usage or the bad flag) to print. */
export function parseAsOptions(argv: readonly string[]): AsBenchOptions | string {
  let message = '';
  return (
    orUsage(
      () => parse(argv),
      (m) => (message = m),
    ) ?? message
  );
}
