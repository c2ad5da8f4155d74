import type { Row } from '../store/downsample';
import type { ChartSpec } from './spec';

export interface SeriesData {
  spec: ChartSpec;
  rows: readonly Row[];
}

/**
 * What the series layer draws, handed over outside React props: the frame
 * around the layer is a memoised element that must not re-render every
 * second, so the layer subscribes to this instead (useSyncExternalStore).
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
