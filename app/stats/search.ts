/**
 * Index of the first item whose `at` is at or after `v`, or `xs.length` if
 * none: a binary search of a list in ascending `at` order (a run's seconds,
 * a trace's timestamps).
 */
export function firstAtOrAfter<T>(xs: readonly T[], at: (x: T) => number, v: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(xs[mid]) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
