import type { WorkerSample } from './sample';

/** Where a worker without a place runs: the coordinator. */
export const LOCAL_PLACE = 'this machine';

/** One load generator's share of a second: its workers added up (ELU the busiest one's, as saturation judges). */
export interface PlaceRow {
  place: string;
  workers: number;
  ops: number;
  /** CPU as a share of one core, all its workers. */
  cpu: number;
  eluMax: number;
  rss: number;
}

/** A second's workers by load generator: this machine first, then each agent by name. */
export function placeRows(workers: readonly WorkerSample[]): PlaceRow[] {
  const rows = new Map<string, PlaceRow>();
  for (const w of workers) {
    const place = w.place ?? LOCAL_PLACE;
    const r = rows.get(place) ?? { place, workers: 0, ops: 0, cpu: 0, eluMax: 0, rss: 0 };
    r.workers++;
    r.ops += w.count ?? 0;
    r.cpu += w.cpu;
    r.eluMax = Math.max(r.eluMax, w.elu);
    r.rss += w.mem.rss;
    rows.set(place, r);
  }
  return [...rows.values()].sort((a, b) => (a.place === LOCAL_PLACE ? -1 : b.place === LOCAL_PLACE ? 1 : a.place.localeCompare(b.place)));
}
