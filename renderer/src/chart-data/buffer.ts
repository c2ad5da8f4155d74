/**
 * Append to an immutable buffer, keeping only the newest `cap` items. The
 * same array comes back when nothing was added, so selectors stay quiet.
 */
export function appendCapped<T>(base: readonly T[], added: readonly T[], cap: number): T[] {
  if (added.length === 0) return base as T[];
  const all = base.concat(added);
  return all.length > cap ? all.slice(all.length - cap) : all;
}

export function lastOf<T>(xs: readonly T[]): T | undefined {
  return xs.length > 0 ? xs[xs.length - 1] : undefined;
}
