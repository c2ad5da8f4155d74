import { useMemo } from 'react';
import { Chart } from '../../charts/Chart';
import { memoryRows, workerIds } from '../../charts/shape';
import { memorySpec, reducers } from '../../charts/spec';
import { useWindowedSamples } from '../../charts/useWindowedSamples';
import { downsample } from '../../store/downsample';
import { useKv } from '../../store/store';
import { runMarkers } from './runMarkers';

/** Resident memory of each load worker: a leak in the client shows here before it skews latency. */
export function MemoryPanel() {
  const samples = useWindowedSamples();
  const run = useKv((s) => s.live.run);
  const { spec, rows } = useMemo(() => {
    const memSpec = memorySpec(workerIds(samples));
    return { spec: memSpec, rows: downsample(memoryRows(samples), reducers(memSpec)) };
  }, [samples]);
  return <Chart spec={spec} rows={rows} testId="memory-chart" markers={runMarkers(run)} />;
}
