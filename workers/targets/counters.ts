import type { NodeCounters } from '../../app/metrics/node-stats';

/** What the key-value server counts; the names follow app/metrics/node-stats. */
export const KV_COUNTERS = ['read.success', 'read.notFound', 'read.error', 'write.success', 'write.error'] as const;
/** The file server only reads. */
export const FILE_COUNTERS = ['read.success', 'read.error'] as const;

type CounterName = (typeof KV_COUNTERS)[number];
/** Cumulative since the process started; a plain object so the hot path is one property increment. */
export type RequestCounters = Partial<Record<CounterName, number>>;

export function newCounters(names: readonly CounterName[]): RequestCounters {
  const c: RequestCounters = {};
  for (const n of names) c[n] = 0;
  return c;
}

export function count(c: RequestCounters, name: CounterName): void {
  c[name] = (c[name] ?? 0) + 1;
}

/** A copy of this process's counters as one node of the per-node view. */
export function nodeSnapshot(id: string, address: string, c: RequestCounters): NodeCounters {
  const counters: Record<string, number> = {};
  for (const [k, v] of Object.entries(c)) if (v !== undefined) counters[k] = v;
  return { id, address, counters, memory: process.memoryUsage.rss(), at: Date.now() };
}
