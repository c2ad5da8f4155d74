import { useState } from 'react';
import type { WindowRows } from '../../chart-data/chartRows';
import type { Row } from '../../chart-data/row';
import { Chart } from '../../charts/Chart';
import { memorySpec, serverMemorySpec } from '../../charts/spec';
import { useChartRows } from '../../hooks/useChartRows';
import { useKv } from '../../store/store';
import { SideToggle } from './SideToggle';
import { useEmptyText } from './useEmptyText';
import { useNodeBands, useRunBands } from './runBands';

type MemorySide = 'client' | 'server';
/** One line per worker that reported in view; or per node, its data and RSS. Stable, so rows are thinned once per cut. */
const SPECS: Record<MemorySide, (w: WindowRows, rows: readonly Row[]) => ReturnType<typeof memorySpec>> = {
  client: (w) => memorySpec(w.workerIds),
  server: (w, rows) => serverMemorySpec(w.nodeIds, rows),
};
const SIDES: { id: MemorySide; label: string }[] = [
  { id: 'client', label: 'Client' },
  { id: 'server', label: 'Server' },
];

/** Resident memory of each load worker (a leak in the client shows here before it skews latency), or each node's own. */
export function MemoryPanel() {
  const [chosen, setSide] = useState<MemorySide>('client');
  const hasServer = useKv((s) => s.live.last?.nodes.some((n) => n.memory !== undefined || n.rss !== undefined) ?? false);
  const side: MemorySide = hasServer ? chosen : 'client';
  const drawn = useChartRows(SPECS[side], 'memory');
  const runBands = useRunBands();
  const nodeBands = useNodeBands();
  const emptyText = useEmptyText();
  return (
    <Chart
      {...drawn}
      emptyText={emptyText}
      testId="memory-chart"
      bands={side === 'server' ? nodeBands : runBands}
      actions={
        <SideToggle<MemorySide>
          label="memory side"
          options={SIDES}
          value={side}
          onChange={setSide}
          available={hasServer}
          unavailable="this target reports no memory per node"
          testIdPrefix="memory-side"
        />
      }
    />
  );
}
