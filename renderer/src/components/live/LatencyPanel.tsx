import { fmtPct, PERCENT } from '../../../../app/report/numbers';
import { useState } from 'react';
import { boundLabel } from '../../../../app/metrics/latency-buckets';
import { bucketsFromLatency, bucketsFromSummary, liveBounds } from '../../chart-data/buckets';
import { Chart } from '../../charts/Chart';
import { LATENCY } from '../../charts/spec';
import { useChartRows } from '../../hooks/useChartRows';
import { useEmptyText } from './useEmptyText';
import { useKv } from '../../store/store';
import { useRunBands } from './runBands';

const BOUND_PREFIX = { exact: '', atLeast: '≥ ', below: '< ' } as const;

/** p50 / p95 / p99 / max per second, and the share of operations within bounds that fit the run. */
export function LatencyPanel() {
  const { rows, frame } = useChartRows(LATENCY, 'latency');
  const emptyText = useEmptyText();
  const bands = useRunBands();
  const summary = useKv((s) => s.live.summary);
  const last = useKv((s) => s.live.last);
  const own = useKv((s) => s.live.run?.scenario.latencyBucketsMs);
  // Kept from second to second (liveBounds), adjusted while rendering when the latencies move out of them.
  const [bounds, setBounds] = useState<readonly number[] | null>(null);
  const next = last ? liveBounds(bounds, last.latency, own) : bounds;
  if (next !== bounds) setBounds(next);
  const buckets = summary ? bucketsFromSummary(summary.total.buckets) : last && next ? bucketsFromLatency(last.latency, next) : [];
  const source = summary ? 'whole measured run' : 'latest second (lower bounds from its percentiles)';
  return (
    <div className="latency">
      <Chart spec={LATENCY} rows={rows} frame={frame} emptyText={emptyText} testId="latency-chart" bands={bands} />
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
          <div className="bucket-source muted">{source}</div>
        </div>
      )}
    </div>
  );
}
