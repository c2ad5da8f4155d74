/**
 * Building blocks of the hand-written checks of the messages main gets every
 * second (a worker's tick, the monitor's node readings). zod's parse of them
 * was a quarter of main's CPU time in a run: called a few times a second,
 * its generic code never gets hot (docs/benchmarks.md, "Main's and the
 * monitor's second"). A check here is a fast path, never the judge: it answers only
 * what it is sure of, exactly as the schema would (the same values, unknown
 * keys dropped), and `undefined` for anything else, which the schema then
 * decides, with its own error. Each helper returns NO when it is not sure.
 */
export const NO = undefined;

/**
 * A plain object as JSON gives it: not an array, a class instance or a
 * null-prototype object, and no key holding `undefined` (which zod reads as
 * absent for an optional field but keeps in its output).
 */
export function isPlain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Object.getPrototypeOf(v) !== Object.prototype) return false;
  for (const k in v) if ((v as Record<string, unknown>)[k] === undefined) return false;
  return true;
}

/** z.number(): finite. */
export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** z.number().nonnegative(). */
export const isNonNegative = (v: unknown): v is number => isNumber(v) && v >= 0;
/** z.number().int().nonnegative(): a safe integer, as zod's int. */
export const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
/** z.number().min(0).max(1). */
export const isShare = (v: unknown): v is number => isNumber(v) && v >= 0 && v <= 1;

/**
 * z.record(z.string(), <non-negative number>) of a plain object, copied; NO
 * for anything else, and for a `__proto__` key, which zod's record drops.
 */
export function nonNegativeRecord(v: unknown): Record<string, number> | undefined {
  if (!isPlain(v)) return NO;
  const out: Record<string, number> = {};
  for (const k of Object.keys(v)) {
    const n = v[k];
    if (k === '__proto__' || !isNonNegative(n)) return NO;
    out[k] = n;
  }
  return out;
}

/** What a tick's node and a monitor's reading both start with: `id` (not empty), `address` and `counters`, copied; or NO. */
export function nodeBase(v: Record<string, unknown>): { id: string; address: string; counters: Record<string, number> } | undefined {
  const { id, address } = v;
  if (typeof id !== 'string' || id.length === 0 || typeof address !== 'string') return NO;
  const counters = nonNegativeRecord(v.counters);
  return counters && { id, address, counters };
}

/** The data of `raw` when it is an envelope `{ type, data }` of this type (anything else in it is dropped, as zod drops it), or NO. */
export function envelopeData(raw: unknown, type: string): unknown {
  return isPlain(raw) && raw.type === type ? raw.data : NO;
}
