import { z } from 'zod';

/** The largest value a scenario writes: 64 MiB, far past any key-value store's comfortable record. */
export const MAX_VALUE_SIZE = 64 * 1024 * 1024;
/** Sizes a weighted list may name: enough for any measured size histogram, few enough to keep one value of each. */
export const MAX_WEIGHTED_SIZES = 64;
/** The targets whose writes take a value of a size in bytes (builtin-kv's valueSize counts array elements). */
export const VALUE_SIZES_TARGETS = ['redis', 'hazelcast', 'aerospike'] as const;

const size = z.number().int().min(0).max(MAX_VALUE_SIZE);

/**
 * Sizes of the values writes take, in place of the one `valueSize`:
 * - uniform: every size from min to max (bytes) equally likely;
 * - weighted: each listed size with its relative weight, e.g. a size
 *   histogram measured in production.
 * Drawn per write from the worker's own generator, deterministic for a seed.
 */
export const ValueSizesSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('uniform'), min: size, max: size }),
    z.strictObject({
      kind: z.literal('weighted'),
      sizes: z
        .array(z.strictObject({ size, weight: z.number().min(0, 'must be ≥ 0') }))
        .min(1, 'needs at least one size')
        .max(MAX_WEIGHTED_SIZES, `takes at most ${MAX_WEIGHTED_SIZES} sizes`),
    }),
  ])
  .superRefine((v, ctx) => {
    if (v.kind === 'uniform' && v.min > v.max) ctx.addIssue({ code: 'custom', path: ['max'], message: `must be at least min (${v.min})` });
    if (v.kind === 'weighted' && v.sizes.reduce((a, s) => a + s.weight, 0) <= 0) {
      ctx.addIssue({ code: 'custom', path: ['sizes'], message: 'weights must add up to more than 0' });
    }
  });

export type ValueSizes = z.infer<typeof ValueSizesSchema>;

/** The largest value a scenario writes: what memory estimates and the summary go by. */
export function largestValue(valueSize: number, sizes: ValueSizes | undefined): number {
  if (sizes === undefined) return valueSize;
  return sizes.kind === 'uniform' ? sizes.max : Math.max(...sizes.sizes.filter((s) => s.weight > 0).map((s) => s.size));
}

/** "uniform 100 to 4096 B", "weighted 100 B ×8, 4096 B ×2", or "1024 B". */
export function describeValueSizes(valueSize: number, sizes: ValueSizes | undefined): string {
  if (sizes === undefined) return `${valueSize} B`;
  if (sizes.kind === 'uniform') return `uniform ${sizes.min} to ${sizes.max} B`;
  return `weighted ${sizes.sizes.map((s) => `${s.size} B ×${s.weight}`).join(', ')}`;
}
