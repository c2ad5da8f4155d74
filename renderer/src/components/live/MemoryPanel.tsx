import { useMemo } from 'react';
import { Chart } from '../../charts/Chart';
import { memoryRows, workerIds } from '../../charts/shape';
import { memorySpec, reducers } from '../../charts/spec';
import { useWindowedSamples } from '../../charts/useWindowedSamples';
import { downsample } from '../../store/downsample';
import { useWarmupBand } from './runBands';

/** Resident memory of each load worker: a leak in the client shows here before it skews latency. */
export function MemoryPanel() {
  const samples = useWindowedSamples();
  const bands = useWarmupBand();
  const { spec, rows } = useMemo(() => {
    const memSpec = memorySpec(workerIds(samples));
    return { spec: memSpec, rows: downsample(memoryRows(samples), reducers(memSpec)) };
  }, [samples]);
  return <Chart spec={spec} rows={rows} testId="memory-chart" bands={bands} />;
}
