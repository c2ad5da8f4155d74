import { hasNodes as anyNodes, type WindowRows } from '../../chart-data/chartRows';
import type { Row } from '../../chart-data/row';
import { Chart } from '../../charts/Chart';
import { CLUSTER_THROUGHPUT, nodeThroughputSpec, withEarlierSeries } from '../../charts/spec';
import { withEarlier } from '../../chart-data/earlier';
import { useMemo } from 'react';
import { useChartRows } from '../../hooks/useChartRows';
import { useEmptyText } from './useEmptyText';
import { useKv, type Split } from '../../store/store';
import { Segmented } from '../Segmented';
import { useNodeBands, useRunBands } from './runBands';
import { WindowPicker } from './WindowPicker';

/** A node's failure line is drawn only when it failed in view, so the spec follows the rows. */
const nodeSpec = (w: WindowRows, rows: readonly Row[]) => nodeThroughputSpec(w.nodeIds, rows);

/** The AMC-style view: reads and writes per second, success and failed, for the cluster or per node. */
export function ThroughputPanel() {
  const runBands = useRunBands();
  const nodeBands = useNodeBands();
  const split = useKv((s) => s.view.split);
  const hasNodes = useKv((s) => anyNodes(s.live.rows));
  const perNode = split === 'node' && hasNodes;
  const bands = perNode ? nodeBands : runBands;
  const emptyText = useEmptyText();
  const earlier = useKv((s) => s.live.earlier);
  const clusterSpec = useMemo(() => withEarlierSeries(CLUSTER_THROUGHPUT, earlier), [earlier]);
  const drawn = useChartRows(perNode ? nodeSpec : clusterSpec, perNode ? 'nodes' : 'cluster');
  const { spec, frame } = drawn;
  // Only the thinned rows (at most a few hundred) take the earlier steps' totals, and only during a sweep or repeat.
  const rows = useMemo(
    () => (perNode || earlier.length === 0 ? drawn.rows : withEarlier(drawn.rows, earlier)),
    [drawn.rows, earlier, perNode],
  );
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
      frame={frame}
      emptyText={emptyText}
      testId="throughput-chart"
      bands={bands}
      actions={
        // The window picker sits here, on the first chart, so the charts start higher on a small screen.
        <>
          <WindowPicker />
          <Segmented
            label="throughput split"
            options={options}
            value={perNode ? 'node' : 'cluster'}
            onChange={useKv.getState().setSplit}
            testIdPrefix="split"
          />
        </>
      }
    />
  );
}
