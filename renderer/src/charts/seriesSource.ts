import type { Row } from '../chart-data/row';
import type { ChartSpec } from './spec';

export interface SeriesData {
  spec: ChartSpec;
  rows: readonly Row[];
  /** The time axis (axes.ts); the same object until the domain moves, so its subscribers stay quiet. */
  time: TimeAxisData;
}

export interface TimeAxisData {
  domain: readonly [number, number];
  ticks: readonly number[];
  /** When second 0 began (epoch ms): ticks are labelled with the time of day, else with elapsed time. */
  clock0?: number;
}

/**
 * What the series layer and the time axis draw, handed over outside React
 * props: the frame around them is a memoised element that must not
 * re-render every second, so they subscribe to this instead
 * (useSyncExternalStore).
 */
export interface SeriesSource {
  get(): SeriesData;
  set(data: SeriesData): void;
  subscribe(listener: () => void): () => void;
}

export function seriesSource(initial: SeriesData): SeriesSource {
  let data = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => data,
    set(next) {
      // The domains follow from the rows, so the same spec and rows mean the same data.
      if (next.spec === data.spec && next.rows === data.rows) return;
      data = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
