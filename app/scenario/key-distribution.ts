import { z } from 'zod';

/**
 * YCSB's default skew (its `zipfianconstant`): with it a few hundred keys of a
 * hundred thousand take a third of the operations, which is how caches and
 * user tables are read in practice.
 */
export const DEFAULT_ZIPFIAN_THETA = 0.99;
/** Hotspot defaults as YCSB's hotspot generator gives them: a fifth of the keys take four fifths of the operations. */
export const DEFAULT_HOT_FRACTION = 0.2;
export const DEFAULT_HOT_SHARE = 0.8;

/**
 * How a worker picks the key of each operation among the key space's
 * indices (0 to keySpace - 1). Every kind is deterministic for a seed.
 *
 * - uniform: every key equally likely.
 * - zipfian: YCSB's scrambled zipfian; rank r is chosen with weight
 *   1/(r+1)^theta, then ranks are scattered over the key space by a hash,
 *   so the hot keys are not neighbours (and land on different nodes).
 * - hotspot: the first hotFraction of the key space takes hotShare of the
 *   operations, uniform inside each part (the hot keys are 0 to hot - 1, so
 *   a test knows which node owns them).
 * - latest: each write takes the next key of the worker's own cursor
 *   (an insert), and reads favour the keys written most recently, by a
 *   zipfian on their age (YCSB workload D).
 * - sequential: 0, 1, 2, ... from the worker's own starting point, wrapping
 *   at the end of the key space (a load phase, a scan-like access).
 */
export const KeyDistributionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('uniform') }),
  z.strictObject({
    kind: z.literal('zipfian'),
    /** The skew: 0 is uniform, YCSB's 0.99 the default; 1 and over are refused (the draw needs theta below 1). */
    theta: z.number().gt(0, 'must be over 0').lt(1, 'must be under 1').default(DEFAULT_ZIPFIAN_THETA),
  }),
  z.strictObject({
    kind: z.literal('hotspot'),
    /** Share of the key space that is hot. */
    hotFraction: z.number().gt(0, 'must be over 0').lt(1, 'must be under 1').default(DEFAULT_HOT_FRACTION),
    /** Share of the operations that go to the hot keys. */
    hotShare: z.number().min(0).max(1).default(DEFAULT_HOT_SHARE),
  }),
  z.strictObject({
    kind: z.literal('latest'),
    theta: z.number().gt(0, 'must be over 0').lt(1, 'must be under 1').default(DEFAULT_ZIPFIAN_THETA),
  }),
  z.strictObject({ kind: z.literal('sequential') }),
]);

export type KeyDistribution = z.infer<typeof KeyDistributionSchema>;
export type KeyDistributionKind = KeyDistribution['kind'];

export const KEY_DISTRIBUTION_KINDS: readonly KeyDistributionKind[] = ['uniform', 'zipfian', 'hotspot', 'latest', 'sequential'];

/** How many keys a hotspot distribution makes hot: at least one, and at least one left cold. */
export const hotKeyCount = (keySpace: number, hotFraction: number): number =>
  Math.min(Math.max(1, Math.round(keySpace * hotFraction)), Math.max(1, keySpace - 1));

/** A short description for summaries and run lists, e.g. "zipfian 0.99". */
export function describeKeyDistribution(d: KeyDistribution | undefined): string {
  if (d === undefined) return 'uniform';
  switch (d.kind) {
    case 'uniform':
    case 'sequential':
      return d.kind;
    case 'zipfian':
    case 'latest':
      return `${d.kind} ${d.theta}`;
    case 'hotspot':
      return `hotspot ${d.hotShare * 100} % of operations on ${d.hotFraction * 100} % of keys`;
  }
}
