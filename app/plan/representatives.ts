import { repeatStats } from './repeats';

interface GroupRun<T> {
  /** The swept value (undefined for plain repeats). */
  value: unknown;
  opsPerSec: number;
  item: T;
}

/**
 * One run per swept value, in the order the values first appear: the run
 * whose ops/s is nearest that value's median across its repeats, so a
 * comparison of a sweep is not decided by one lucky or unlucky repeat.
 */
export function representatives<T>(runs: readonly GroupRun<T>[]): { value: unknown; item: T }[] {
  const byValue = new Map<string, GroupRun<T>[]>();
  for (const r of runs) {
    const key = JSON.stringify(r.value) ?? '';
    byValue.set(key, [...(byValue.get(key) ?? []), r]);
  }
  return [...byValue.values()].map((rs) => {
    const median = repeatStats(rs.map((r) => r.opsPerSec)).median;
    const best = rs.reduce((a, r) => (Math.abs(r.opsPerSec - median) < Math.abs(a.opsPerSec - median) ? r : a));
    return { value: best.value, item: best.item };
  });
}

/** The runs of each value, values in the order they first appear. */
export function valueGroups<T>(runs: readonly { value: unknown; item: T }[]): { value: unknown; items: T[] }[] {
  const byValue = new Map<string, { value: unknown; items: T[] }>();
  for (const r of runs) {
    const key = JSON.stringify(r.value) ?? '';
    const g = byValue.get(key) ?? { value: r.value, items: [] };
    g.items.push(r.item);
    byValue.set(key, g);
  }
  return [...byValue.values()];
}
