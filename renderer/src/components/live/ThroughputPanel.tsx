import { useMemo } from 'react';
import { Chart } from '../../charts/Chart';
import { CLUSTER_THROUGHPUT, nodeThroughputSpec, reducers } from '../../charts/spec';
import { useWindowedRows } from '../../charts/useWindowedRows';
import { hasNodes as anyNodes } from '../../store/chartRows';
import { downsample } from '../../store/downsample';
import { useKv, type Split } from '../../store/store';
import { Segmented } from '../Segmented';
import { useRunBands } from './runBands';

/** The AMC-style view: reads and writes per second, success and failed, for the cluster or per node. */
export function ThroughputPanel() {
  const w = useWindowedRows();
  const bands = useRunBands();
  const split = useKv((s) => s.view.split);
  const hasNodes = useKv((s) => anyNodes(s.live.rows));
  const perNode = split === 'node' && hasNodes;
  const { spec, rows } = useMemo(() => {
    if (!perNode) return { spec: CLUSTER_THROUGHPUT, rows: downsample(w.cluster, reducers(CLUSTER_THROUGHPUT)) };
    const nodeSpec = nodeThroughputSpec(w.nodeIds, w.nodes);
    return { spec: nodeSpec, rows: downsample(w.nodes, reducers(nodeSpec)) };
  }, [w, perNode]);
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
        <Segmented
          label="throughput split"
          options={options}
          value={perNode ? 'node' : 'cluster'}
          onChange={useKv.getState().setSplit}
          testIdPrefix="split"
        />
      }
    />
  );
}
