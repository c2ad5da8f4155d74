import type { Summary } from './summary';

/** What a summary says of its cut-short seconds (UI and CLI alike), or undefined when there are none. */
export function cutShortNote(s: Pick<Summary, 'cutShortSeconds'>): string | undefined {
  const n = s.cutShortSeconds ?? 0;
  if (n === 0) return undefined;
  const what = n === 1 ? 'the last second was' : `${n} seconds were`;
  return `${what} cut short (the load stopped mid-second): left out of the ops/s mean, median, min and max; its operations count in the totals and percentiles`;
}
