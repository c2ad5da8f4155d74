import { ThresholdsSchema } from '../metrics/thresholds';
import { friendlyReason } from './friendly-reason';
import { badBounds } from '../metrics/latency-buckets';
import { z } from 'zod';
import { SYSTEM_NODE } from './node-version';
import { STREAM_OPS } from './aerospike-target';
import { defaultOps, TargetSchema, TARGET_OPS, WRITE_OP, type Target } from './targets';
import { PlacementSchema } from './placement';
import { KeyDistributionSchema } from './key-distribution';
import { MAX_VALUE_SIZE, VALUE_SIZES_TARGETS, ValueSizesSchema } from './value-sizes';

const MAX_WORKERS = 64;
const MAX_IN_FLIGHT = 10_000;
const MAX_DURATION_SECONDS = 7 * 24 * 3600;
const DEFAULT_DURATION_SECONDS = 10;
/** A run bounded by operation count still ends by itself after this long. */
export const TOTAL_OPS_TIME_LIMIT_SECONDS = 24 * 3600;

/** A plain environment variable name: what a shell can set, and no member of every JavaScript object. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why `name` may not be an `env` key, or undefined. */
function envNameProblem(name: string): string | undefined {
  if (name === '') return 'must not be empty: an environment variable has a name';
  if (!ENV_NAME.test(name)) return 'not an environment variable name (letters, digits and _, not starting with a digit)';
  // "__proto__" (an own key when JSON-parsed, which a record would drop unseen), "constructor", "toString"...
  if (name in Object.prototype) return `names a member of every JavaScript object (Object.prototype.${name}), not an environment variable`;
  return undefined;
}

// `--set env.UV_THREADPOOL_SIZE=8` reads 8 as a number; the environment holds text, so numbers become text.
const EnvRecord = z.record(z.string(), z.union([z.string(), z.number().finite().transform(String)]));

/**
 * The keys are checked as the input has them, before the record reads it:
 * a record skips a "__proto__" key without a word, so it must be seen first.
 */
const EnvSchema = z
  .custom<z.input<typeof EnvRecord>>()
  .superRefine((env, ctx) => {
    if (env === null || typeof env !== 'object' || Array.isArray(env)) return; // the record says what it should be
    for (const name of Object.keys(env)) {
      const why = envNameProblem(name);
      if (why) ctx.addIssue({ code: 'custom', path: [name], message: why });
    }
  })
  .pipe(EnvRecord);

const ScenarioSchema = z
  .strictObject({
    name: z.string().min(1).default('custom'),
    description: z.string().default(''),
    target: TargetSchema,
    /** Relative weights per op, e.g. {get: 0.5, put: 0.5}. Mutually exclusive with readsPerWrite. */
    mix: z.record(z.string(), z.number().min(0, 'must be ≥ 0')).optional(),
    /** Each in-flight slot writes a fresh key, then reads it back this many times (the seed's cycle). */
    readsPerWrite: z.number().int().min(0).max(1000).optional(),
    keySpace: z.number().int().min(1).max(1e9).default(100_000),
    /** How each operation's key is picked among the key space (uniform when absent): key-distribution.ts. */
    keyDistribution: KeyDistributionSchema.optional(),
    keyLength: z.number().int().min(1).max(1024).default(16),
    /** Bytes per value; for builtin-kv, the number of array elements (the seed's valueLen). */
    valueSize: z.number().int().min(0).max(MAX_VALUE_SIZE).default(1024),
    /** Sizes drawn per write in place of valueSize (redis, hazelcast, aerospike): value-sizes.ts. */
    valueSizes: ValueSizesSchema.optional(),
    workers: z.number().int().min(1).max(MAX_WORKERS).default(1),
    /** Workers here and on kvscope agents (placement.ts); absent: all `workers` here. */
    placement: PlacementSchema.optional(),
    /** Operations kept in flight by each worker (closed loop), or the cap on them (fixed rate). */
    inFlight: z.number().int().min(1).max(MAX_IN_FLIGHT).default(32),
    warmupSeconds: z.number().int().min(0).max(3600).default(2),
    /** Length of the measured phase (default 10 s; with totalOps, a time limit that defaults to a day). */
    durationSeconds: z.number().int().min(1).max(MAX_DURATION_SECONDS).optional(),
    /**
     * Stop after this many operations started in the measured phase (all workers
     * together), or at durationSeconds if that comes first. Operations started in
     * warm-up that finish after it are not part of the budget.
     */
    totalOps: z.number().int().min(1).max(1e12).optional(),
    /** Fixed total rate in ops/s (open loop, latency measured from intended start); closed loop when absent. */
    rate: z.number().positive().max(10_000_000).optional(),
    /** Per-operation timeout; an operation slower than this counts as a timeout. */
    opTimeoutMs: z.number().int().min(1).max(600_000).default(5000),
    /** Errors + timeouts above this share of all operations make the outcome "done with errors" (default 1 %). */
    maxErrorRate: z.number().min(0).max(1).optional(),
    /** Pass marks judged on the measured run (p99Ms, p999Ms, errorRate, minOpsPerSec): a miss has its own verdict and exit code. */
    thresholds: ThresholdsSchema.optional(),
    /** Bounds (ms) of the latency buckets, e.g. [0.5, 1, 2, 5]; without them the bounds fit the run's latencies. */
    latencyBucketsMs: z
      .array(z.number())
      .superRefine((b, ctx) => {
        const why = badBounds(b);
        if (why) ctx.addIssue({ code: 'custom', message: `needs ${why}` });
      })
      .optional(),
    /** Extra environment for the worker processes, e.g. UV_THREADPOOL_SIZE. */
    env: EnvSchema.default({}),
    /**
     * The workers' Node: "system" (the one on PATH; "node" says the same), a
     * version of a runtime kvscope installed (`22`, `22.11`, `22.11.0`), or
     * the path of one added with `kvscope runtimes add --path`.
     */
    // `--set node=22` reads 22 as a number; a major is taken as text, 22.10 would lose its zero, so it is refused.
    node: z
      .union([z.string().min(1), z.number().int('write a minor or exact version as text, e.g. "22.10"').nonnegative().transform(String)])
      .default(SYSTEM_NODE),
    /** Seed of the key and op choice; the same seed repeats the same sequence. */
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(1),
  })
  .superRefine((s, ctx) => {
    const ops = TARGET_OPS[s.target.kind];
    if (s.mix && s.readsPerWrite !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['readsPerWrite'], message: 'give either mix or readsPerWrite, not both' });
    }
    if (s.mix) {
      for (const op of Object.keys(s.mix)) {
        if (!ops.includes(op)) {
          ctx.addIssue({
            code: 'custom',
            path: ['mix', op],
            message: `unknown operation for ${s.target.kind}; expected one of ${ops.join(', ')}`,
          });
        }
      }
      const weighted = Object.keys(s.mix).filter((op) => (s.mix?.[op] ?? 0) > 0);
      const stream = weighted.find((op) => STREAM_OPS.includes(op));
      if (stream && weighted.length > 1) {
        ctx.addIssue({ code: 'custom', path: ['mix', stream], message: `${stream} streams records and runs alone: give it the whole mix` });
      }
      if (Object.values(s.mix).reduce((a, b) => a + b, 0) <= 0) {
        ctx.addIssue({ code: 'custom', path: ['mix'], message: 'weights must add up to more than 0' });
      }
    }
    if (s.readsPerWrite !== undefined && !WRITE_OP[s.target.kind]) {
      ctx.addIssue({ code: 'custom', path: ['readsPerWrite'], message: `${s.target.kind} has no write operation` });
    }
    if (s.valueSizes && !(VALUE_SIZES_TARGETS as readonly string[]).includes(s.target.kind)) {
      ctx.addIssue({
        code: 'custom',
        path: ['valueSizes'],
        message: `is for targets whose values are sized in bytes (${VALUE_SIZES_TARGETS.join(', ')}), not ${s.target.kind}: give valueSize`,
      });
    }
    if (s.valueSizes && s.target.kind === 'aerospike' && s.target.binType === 'integer') {
      ctx.addIssue({
        code: 'custom',
        path: ['valueSizes'],
        message: 'does not apply to integer bins (target.binType): give string or bytes',
      });
    }
    if (26 ** s.keyLength < s.keySpace) {
      ctx.addIssue({ code: 'custom', path: ['keyLength'], message: `too short for ${s.keySpace} distinct keys of a-z` });
    }
    if (s.placement && Object.keys(s.placement.agents).length > 0 && !reachableFromAgents(s.target)) {
      ctx.addIssue({
        code: 'custom',
        path: ['placement', 'agents'],
        message: `agents cannot reach a ${s.target.kind} target kvscope starts on this machine's 127.0.0.1: give a server of yours (external, or no local cluster)`,
      });
    }
    if (s.rate !== undefined && s.rate < s.workers) {
      ctx.addIssue({ code: 'custom', path: ['rate'], message: `must be at least 1 op/s per worker (${s.workers})` });
    }
  });

/** A scenario as written by a user: every field with a default may be left out. */
export type ScenarioInput = z.input<typeof ScenarioSchema>;
/** A validated scenario with every default filled in. */
export type Scenario = z.output<typeof ScenarioSchema>;

export interface FieldError {
  field: string;
  reason: string;
}

type Validation = { ok: true; scenario: Scenario } | { ok: false; errors: FieldError[] };

export function validateScenario(input: unknown): Validation {
  const r = ScenarioSchema.safeParse(input);
  if (r.success) return { ok: true, scenario: r.data };
  return { ok: false, errors: r.error.issues.flatMap(toFieldErrors) };
}

function toFieldErrors(issue: z.core.$ZodIssue): FieldError[] {
  const base = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((k) => ({ field: base ? `${base}.${k}` : k, reason: 'unknown setting' }));
  }
  return [{ field: base || '(scenario)', reason: friendlyReason(issue.message) }];
}

/** One indented `field: reason` line per error, as the CLI prints them. */
export function fieldErrorLines(errors: readonly FieldError[]): string {
  return errors.map((e) => `  ${e.field}: ${e.reason}`).join('\n');
}

export class ScenarioError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(`invalid scenario:\n${fieldErrorLines(errors)}`);
    this.name = 'ScenarioError';
  }
}

export function parseScenario(input: unknown): Scenario {
  const v = validateScenario(input);
  if (!v.ok) throw new ScenarioError(v.errors);
  return v.scenario;
}

/** The op weights actually used: the mix normalised, or the read/write ratio of readsPerWrite, or every op of defaultOps equally. */
export function opWeights(s: Scenario): Record<string, number> {
  const write = WRITE_OP[s.target.kind];
  let raw: Record<string, number>;
  if (s.mix) raw = s.mix;
  else if (s.readsPerWrite !== undefined && write) raw = { get: s.readsPerWrite, [write]: 1 };
  // Ops that stream records, and read-modify-write, run only when the mix names them.
  else raw = Object.fromEntries(defaultOps(s.target.kind).map((o) => [o, 1]));
  const sum = Object.values(raw).reduce((a, b) => a + b, 0);
  return Object.fromEntries(
    Object.entries(raw)
      .filter(([, w]) => w > 0)
      .map(([k, w]) => [k, w / sum]),
  );
}

/** Seconds of the measured phase at most. */
export function runSeconds(s: Scenario): number {
  return s.durationSeconds ?? (s.totalOps !== undefined ? TOTAL_OPS_TIME_LIMIT_SECONDS : DEFAULT_DURATION_SECONDS);
}

/** This worker's share of a total split as evenly as whole numbers allow. */
export function shareOf(total: number, worker: number, workers: number): number {
  return Math.floor(total / workers) + (worker < total % workers ? 1 : 0);
}

/** Whether agents on other machines can load the target: not one kvscope starts on loopback for the run. */
function reachableFromAgents(t: Target): boolean {
  switch (t.kind) {
    case 'builtin-kv':
    case 'builtin-file':
      return t.external;
    case 'redis':
      return t.localCluster === 0;
    case 'hazelcast':
      return t.localMembers === 0;
    case 'aerospike':
      return true;
    default: {
      const unknown: never = t;
      return unknown;
    }
  }
}
