/** Slowest prefill rate a connect may assume (keys/s) before it counts as stuck. */
const PREFILL_MIN_RATE = 1000;
/** Building an aerospike query's secondary index may take this long. */
const INDEX_BUILD_ALLOWANCE_MS = 60_000;

/**
 * Extra time worker 0 may need before it is ready: the prefill of any target
 * that has one (aerospike, hazelcast), and the secondary index an aerospike
 * query creates.
 */
export function prepareAllowanceMs(
  t: { kind: string; prefill?: number; createIndex?: boolean },
  mix: Record<string, number> | undefined,
): number {
  const prefill = Math.ceil(((t.prefill ?? 0) / PREFILL_MIN_RATE) * 1000);
  const index = t.kind === 'aerospike' && (mix?.query ?? 0) > 0 && t.createIndex === true ? INDEX_BUILD_ALLOWANCE_MS : 0;
  return prefill + index;
}
