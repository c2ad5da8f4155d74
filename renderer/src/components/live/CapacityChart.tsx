import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { StepResult } from '../../../../app/capacity/search';
import { fmtCompact, fmtInt, US_PER_MS } from '../../../../app/report/numbers';
import { fmtLatency } from '../../../../app/report/latency-format';

const HEIGHT = 300;
const MARGIN = { top: 16, right: 16, bottom: 0, left: 0 };
const SERIES = [
  { key: 'p50', name: 'p50', color: '#059669' },
  { key: 'p99', name: 'p99', color: '#2563eb' },
  { key: 'p999', name: 'p99.9', color: '#dc2626' },
] as const;
const MARK = '#6b7280';
/** Recharts' tooltip is styled inline: in the theme's colors, like the page's own tooltips. */
const TOOLTIP = { background: 'var(--panel)', borderColor: 'var(--tooltip-border)' };
const TOOLTIP_LABEL = { color: 'var(--text)' };
const ms = (v: number): string => fmtLatency(v * US_PER_MS);

interface Props {
  steps: readonly StepResult[];
  /** The throughput of the highest step that held: the knee. */
  capacity?: number;
  /** The objective's p99 ceiling (ms), drawn across. */
  p99LimitMs?: number;
}

/**
 * Latency (p50, p99, p99.9) against the throughput each step reached, in the
 * order of the rates asked, on a log scale (past the knee latency spans
 * decades); the knee and the objective's ceiling dashed.
 */
export function CapacityChart({ steps, capacity, p99LimitMs }: Props) {
  const rows = [...steps]
    .filter((s) => s.latencyUs)
    .sort((a, b) => a.rate - b.rate)
    .map((s) => ({
      ops: s.achieved,
      p50: s.latencyUs!.p50 / US_PER_MS,
      p99: s.latencyUs!.p99 / US_PER_MS,
      p999: s.latencyUs!.p999 / US_PER_MS,
    }));
  return (
    <div data-testid="capacity-chart" data-points={rows.length}>
      <LineChart responsive style={{ width: '100%', height: HEIGHT }} data={rows} margin={MARGIN}>
        <CartesianGrid stroke="#e5e7eb" vertical={false} />
        <XAxis dataKey="ops" type="number" domain={[0, 'auto']} tickFormatter={fmtCompact} fontSize={12} unit=" ops/s" />
        <YAxis scale="log" domain={['auto', 'auto']} allowDataOverflow tickFormatter={ms} fontSize={12} />
        <Tooltip
          isAnimationActive={false}
          contentStyle={TOOLTIP}
          labelStyle={TOOLTIP_LABEL}
          labelFormatter={(v) => (typeof v === 'number' ? `${fmtCompact(v)} ops/s reached` : String(v))}
          formatter={(v) => (typeof v === 'number' ? ms(v) : v)}
        />
        <Legend />
        {SERIES.map((s) => (
          <Line key={s.key} dataKey={s.key} name={s.name} stroke={s.color} dot isAnimationActive={false} />
        ))}
        {capacity !== undefined && (
          <ReferenceLine
            x={capacity}
            stroke={MARK}
            strokeDasharray="5 4"
            label={{ value: `capacity ${fmtInt(capacity)} ops/s`, position: 'insideTopRight', fontSize: 11 }}
          />
        )}
        {p99LimitMs !== undefined && (
          <ReferenceLine
            y={p99LimitMs}
            stroke={MARK}
            strokeDasharray="5 4"
            label={{ value: `p99 limit ${ms(p99LimitMs)}`, position: 'insideTopLeft', fontSize: 11 }}
          />
        )}
      </LineChart>
    </div>
  );
}
