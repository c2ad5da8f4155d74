import type { Row } from '../../chart-data/row';
import type { WindowRows } from '../../chart-data/chartRows';
import { latencySpec, type ChartSpec, type LatencySource } from '../../charts/spec';

type SpecOf = (cut: WindowRows, rows: readonly Row[]) => ChartSpec;

/** One stable spec function per source (useChartRows thins once per cut); a node's lines follow the window. */
export const LATENCY_SPECS: Record<LatencySource, SpecOf> = {
  client: (w, rows) => latencySpec('client', w.nodeIds, rows),
  server: (w, rows) => latencySpec('server', w.nodeIds, rows),
  both: (w, rows) => latencySpec('both', w.nodeIds, rows),
};

export const LATENCY_SOURCES: { id: LatencySource; label: string }[] = [
  { id: 'client', label: 'Client' },
  { id: 'server', label: 'Server' },
  { id: 'both', label: 'Both' },
];
