import { MAX_USER_BUCKETS } from '../metrics/latency-buckets';
import { z } from 'zod';
import { RUN_FORMAT } from './format';

/**
 * What a run file's lines must look like to be read back. The checks are
 * shallow on purpose: they cover the fields the reader, the summary, the
 * library and the comparison rely on, so a file that is JSON but not a run
 * (or a run damaged by hand) is refused with the field that is wrong,
 * while a sample carrying a field a later kvscope added still opens.
 * Validation never reshapes a record: the reader keeps the object as written.
 */

const num = z.number();
/** A server's name in a sample is kvscope's own ("member 2"); a longer one is no file kvscope wrote. */
const MAX_SERVER_NAME = 64;

const LatencySchema = z.looseObject({
  count: num,
  min: num,
  mean: num,
  p50: num,
  p90: num,
  p95: num,
  p99: num,
  p999: num,
  max: num,
});

const RunGroupSchema = z
  .object({
    kind: z.enum(['repeat', 'sweep', 'capacity']),
    id: z.string().min(1),
    index: z.number().int().min(0),
    count: z.number().int().min(1),
    setting: z.string().optional(),
    value: z.unknown().optional(),
    cell: z.array(z.object({ setting: z.string(), value: z.unknown() })).optional(),
  })
  .refine((g) => g.index < g.count, { message: 'index must be below count', path: ['index'] });

/** The first line's data before migration: enough to know it is ours and which version wrote it. */
export const HeaderEnvelopeSchema = z.looseObject({
  format: z.literal(RUN_FORMAT),
  version: num,
});

/** The header in the current version's shape, after migration. */
export const RunHeaderSchema = z.looseObject({
  format: z.literal(RUN_FORMAT),
  version: z.number().int(),
  id: z.string().min(1),
  createdAt: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date'),
  scenario: z.looseObject({
    name: z.string(),
    target: z.looseObject({ kind: z.string().min(1) }),
  }),
  env: z.looseObject({}),
  group: RunGroupSchema.optional(),
});

const OpSampleSchema = z.looseObject({
  count: num,
  errors: num,
  timeouts: num,
  notFound: num,
  latency: LatencySchema,
  hist: z.string(),
});

const SampleSchema = z.looseObject({
  second: z.number().int().min(0),
  phase: z.enum(['warmup', 'run']),
  at: num,
  ops: z.record(z.string(), OpSampleSchema),
  totals: z.looseObject({ count: num, errors: num, timeouts: num, notFound: num }),
  // A version 1 sample may lack it; the migration fills it in before this check.
  latency: LatencySchema,
  bytesIn: num,
  bytesOut: num,
  workers: z.array(
    z.looseObject({
      id: num,
      mem: z.looseObject({ rss: num }),
      elu: num,
      // Read by the seed benchmark's per-client CSV; written since exact latencies are kept, absent before.
      exact: z.record(z.string(), z.looseObject({ count: num, sum: num, min: num, max: num })).optional(),
    }),
  ),
  nodes: z.array(z.unknown()),
  strength: z.looseObject({ expected: num, reporting: num }).optional(),
  covered: z.number().min(0).max(1).optional(),
  machine: z
    .looseObject({
      cpu: z.number().min(0).max(1),
      cores: z.number().int().min(1),
      servers: z.array(z.looseObject({ name: z.string().max(MAX_SERVER_NAME), cpu: z.number().min(0) })).optional(),
    })
    .optional(),
});

const PhaseMarkSchema = z.looseObject({
  phase: z.enum(['starting', 'warmup', 'running', 'stopping', 'done', 'stopped', 'failed', 'interrupted']),
  at: num,
  second: z.number().int().min(0).optional(),
});

const LogEntrySchema = z.looseObject({
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
  at: num,
  source: z.string(),
});

const SpreadSchema = z.looseObject({ mean: num, median: num, min: num, max: num });

const OpSummarySchema = z.looseObject({
  ops: num,
  errors: num,
  timeouts: num,
  notFound: num,
  opsPerSec: SpreadSchema,
  latency: LatencySchema,
  // Bounds that fit the run, or the fixed le1ms..le16ms of files recorded before them.
  buckets: z.union([
    z
      .strictObject({ boundsMs: z.array(num).min(1).max(MAX_USER_BUCKETS), shares: z.array(num) })
      .refine((b) => b.shares.length === b.boundsMs.length, 'a share for every bound'),
    z.record(z.string(), num),
  ]),
});

export const SummarySchema = z.looseObject({
  status: z.enum(['done', 'stopped', 'failed', 'interrupted']),
  seconds: z.number().int().min(0),
  ops: z.record(z.string(), OpSummarySchema),
  total: OpSummarySchema,
  bytesInPerSec: num,
  bytesOutPerSec: num,
  peakRss: z.record(z.string(), num),
  warmup: z.looseObject({ seconds: num, ops: num, errors: num }),
  saturatedSeconds: num,
  sharedMachineSeconds: num.optional(),
  // Written since outcomes exist; a kind this build does not know still opens (shown as written).
  outcome: z.looseObject({ kind: z.string(), reason: z.string(), fullStrengthSeconds: num }).optional(),
  thresholds: z
    .array(
      z.object({
        name: z.enum(['p99Ms', 'p999Ms', 'errorRate', 'minOpsPerSec']),
        limit: num,
        actual: num.nullable(),
        passed: z.boolean(),
      }),
    )
    .optional(),
});

/** The data schema of each record type after the header. */
export const RECORD_SCHEMAS = {
  phase: PhaseMarkSchema,
  sample: SampleSchema,
  log: LogEntrySchema,
  summary: SummarySchema,
} as const;

type RecordType = keyof typeof RECORD_SCHEMAS;

export function isRecordType(t: string): t is RecordType {
  return Object.prototype.hasOwnProperty.call(RECORD_SCHEMAS, t);
}

const MAX_ISSUES_SHOWN = 3;

/** "scenario.target.kind: expected string, received undefined; …" — the first few problems, each with its field. */
export function issuesText(error: z.ZodError): string {
  const shown = error.issues.slice(0, MAX_ISSUES_SHOWN).map((i) => `${i.path.map(String).join('.') || '(value)'}: ${i.message}`);
  const more = error.issues.length - shown.length;
  return shown.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
}
