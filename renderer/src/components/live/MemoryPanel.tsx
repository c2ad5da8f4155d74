import type { WindowRows } from '../../chart-data/chartRows';
import { Chart } from '../../charts/Chart';
import { memorySpec } from '../../charts/spec';
import { useChartRows } from '../../hooks/useChartRows';
import { useEmptyText } from './useEmptyText';
import { useRunBands } from './runBands';

/** One line per worker that reported in view. */
const workersSpec = (w: WindowRows) => memorySpec(w.workerIds);

/** Resident memory of each load worker: a leak in the client shows here before it skews latency. */
export function MemoryPanel() {
  const { spec, rows, frame } = useChartRows(workersSpec, 'memory');
  const bands = useRunBands();
  const emptyText = useEmptyText();
  return <Chart spec={spec} rows={rows} frame={frame} emptyText={emptyText} testId="memory-chart" bands={bands} />;
}
