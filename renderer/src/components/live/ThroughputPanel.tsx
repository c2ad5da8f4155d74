import { useMemo } from 'react';
import { Chart } from '../../charts/Chart';
import { clusterThroughputRows, nodeIds, nodeThroughputRows } from '../../charts/shape';
import { CLUSTER_THROUGHPUT, nodeThroughputSpec, reducers } from '../../charts/spec';
import { useWindowedSamples } from '../../charts/useWindowedSamples';
import { downsample } from '../../store/downsample';
import { useKv, type Split } from '../../store/store';
import { Segmented } from '../Segmented';
import { useWarmupBand } from './runBands';

/** The AMC-style view: reads and writes per second, success and failed, for the cluster or per node. */
export function ThroughputPanel() {
  const samples = useWindowedSamples();
  const bands = useWarmupBand();
  const kind = useKv((s) => s.live.run?.scenario.target.kind ?? 'builtin-kv');
  const split = useKv((s) => s.view.split);
  const hasNodes = useKv((s) => s.live.samples.some((x) => x.nodes.length > 0));
  const perNode = split === 'node' && hasNodes;
  const { spec, rows } = useMemo(() => {
    if (!perNode) return { spec: CLUSTER_THROUGHPUT, rows: downsample(clusterThroughputRows(samples, kind), reducers(CLUSTER_THROUGHPUT)) };
    const raw = nodeThroughputRows(samples);
    const nodeSpec = nodeThroughputSpec(nodeIds(samples), raw);
    return { spec: nodeSpec, rows: downsample(raw, reducers(nodeSpec)) };
  }, [samples, kind, perNode]);
  const options: { id: Split; label: string; disabled?: boolean; title?: string }[] = [
    { id: 'cluster', label: 'Cluster' },
    {
      id: 'node',
      label: 'Per node',
      disabled: !hasNodes,
      title: hasNodes ? undefined : 'this target reports no server-side statistics per node',
    },
  ];
  return (
    <Chart
      spec={spec}
      rows={rows}
      testId="throughput-chart"
      bands={bands}
      actions={
        <Segmented label="throughput split" options={options} value={perNode ? 'node' : 'cluster'} onChange={useKv.getState().setSplit} testIdPrefix="split" />
      }
    />
  );
}
