/** The time windows a chart can show, newest second at the right edge. */
export const WINDOWS = [
  { id: '1m', label: '1 min', seconds: 60 },
  { id: '5m', label: '5 min', seconds: 5 * 60 },
  { id: '15m', label: '15 min', seconds: 15 * 60 },
  { id: 'all', label: 'All', seconds: null },
] as const;

export type WindowId = (typeof WINDOWS)[number]['id'];

/** A short run fits in five minutes; longer ones show their whole length only on request. */
export const DEFAULT_WINDOW: WindowId = '5m';

export function windowSeconds(id: WindowId): number | null {
  return WINDOWS.find((w) => w.id === id)?.seconds ?? null;
}
