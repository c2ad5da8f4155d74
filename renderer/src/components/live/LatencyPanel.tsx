import { fmtPct, PERCENT } from '../../../../app/report/numbers';
import { useState } from 'react';
import { boundLabel } from '../../../../app/metrics/latency-buckets';
import { bucketsFromLatency, bucketsFromSummary, liveBounds } from '../../chart-data/buckets';
import { Chart } from '../../charts/Chart';
import { isLatencyKey } from '../../../../app/metrics/server-latency';
import { useChartRows } from '../../hooks/useChartRows';
import { useEmptyText } from './useEmptyText';
import { useKv } from '../../store/store';
import { useNodeBands, useRunBands } from './runBands';
import { SideToggle } from './SideToggle';
import { LATENCY_SOURCES, LATENCY_SPECS } from './latencySource';
import type { LatencySource } from '../../charts/spec';

const BOUND_PREFIX = { exact: '', atLeast: '≥ ', below: '< ' } as const;

/** p50 / p95 / p99 / max per second (the client's, each node's own, or both), and the share of operations within bounds that fit the run. */
export function LatencyPanel() {
  const chosen = useKv((s) => s.view.latency);
  // Only nodes that time their own operations (Redis, Aerospike, a Hazelcast member with metrics) have a server side.
  const hasServer = useKv((s) => s.live.last?.nodes.some((n) => Object.keys(n.rates).some(isLatencyKey)) ?? false);
  const source: LatencySource = hasServer ? chosen : 'client';
  const runBands = useRunBands();
  const nodeBands = useNodeBands();
  const bands = source === 'client' ? runBands : nodeBands;
  const drawn = useChartRows(LATENCY_SPECS[source], 'latency');
  const emptyText = useEmptyText();
  const summary = useKv((s) => s.live.summary);
  const last = useKv((s) => s.live.last);
  const own = useKv((s) => s.live.run?.scenario.latencyBucketsMs);
  // Kept from second to second (liveBounds), adjusted while rendering when the latencies move out of them.
  const [bounds, setBounds] = useState<readonly number[] | null>(null);
  const next = last ? liveBounds(bounds, last.latency, own) : bounds;
  if (next !== bounds) setBounds(next);
  const buckets = summary ? bucketsFromSummary(summary.total.buckets) : last && next ? bucketsFromLatency(last.latency, next) : [];
  const bucketSource = summary ? 'whole measured run' : 'latest second (lower bounds from its percentiles)';
  return (
    <div className="latency">
      <Chart
        {...drawn}
        emptyText={emptyText}
        testId="latency-chart"
        bands={bands}
        actions={
          <SideToggle<LatencySource>
            label="latency source"
            options={LATENCY_SOURCES}
            value={source}
            onChange={useKv.getState().setLatencySource}
            available={hasServer}
            unavailable="this target reports no server-side latency per node"
            testIdPrefix="latency-source"
          />
        }
      />
      {buckets.length > 0 && (
        <div className="buckets" data-testid="latency-buckets">
          {buckets.map((b) => (
            <div key={b.boundMs} className="bucket" data-testid={`bucket-le${b.boundMs}ms`}>
              <div className="bucket-label">{boundLabel(b.boundMs)}</div>
              <div className="bucket-value">
                {BOUND_PREFIX[b.known]}
                {fmtPct(b.share)}
              </div>
              <div className="bucket-bar">
                <div style={{ width: `${b.known === 'below' ? 0 : b.share * PERCENT}%` }} />
              </div>
            </div>
          ))}
          <div className="bucket-source muted">{bucketSource}</div>
        </div>
      )}
    </div>
  );
}
