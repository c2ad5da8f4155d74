import { useMemo } from 'react';
import { Chart } from '../../charts/Chart';
import { memorySpec, reducers } from '../../charts/spec';
import { useWindowedRows } from '../../charts/useWindowedRows';
import { downsample } from '../../store/downsample';
import { useRunBands } from './runBands';

/** Resident memory of each load worker: a leak in the client shows here before it skews latency. */
export function MemoryPanel() {
  const w = useWindowedRows();
  const bands = useRunBands();
  const { spec, rows } = useMemo(() => {
    const memSpec = memorySpec(w.workerIds);
    return { spec: memSpec, rows: downsample(w.memory, reducers(memSpec)) };
  }, [w]);
  return <Chart spec={spec} rows={rows} testId="memory-chart" bands={bands} />;
}
