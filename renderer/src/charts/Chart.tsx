import type { ReactNode } from 'react';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { fmtClock, fmtCompact } from '../format';
import type { Row } from '../store/downsample';
import type { ChartSpec, SeriesSpec } from './spec';

export const CHART_HEIGHT = 260;
const Y_AXIS_WIDTH = 56;
const DASHES: Record<NonNullable<SeriesSpec['stroke']>, string | undefined> = { solid: undefined, dashed: '6 3', dotted: '2 3' };
const AREA_OPACITY = 0.3;
const GRID = '#e5e7eb';
const MARKER = '#9ca3af';

export interface Marker {
  t: number;
  label: string;
}

interface Props {
  spec: ChartSpec;
  rows: Row[];
  testId: string;
  /** Vertical lines at run seconds, e.g. where the measured phase starts. */
  markers?: readonly Marker[];
  /** Controls shown in the chart's header (window, split). */
  actions?: ReactNode;
  emptyText?: string;
}

const tooltipValue = (value: unknown): string => (typeof value === 'number' ? fmtCompact(value) : String(value));

/**
 * The one chart component: every chart of the app is a ChartSpec and rows.
 * Animation is off because the data moves every second and animating each
 * update costs more than the draw itself.
 */
export function Chart({ spec, rows, testId, markers = [], actions, emptyText = 'Waiting for the first second…' }: Props) {
  return (
    <section className="panel chart" data-testid={testId} data-points={rows.length}>
      <header className="panel-head">
        <h2>
          {spec.title} <span className="unit">{spec.yUnit}</span>
        </h2>
        {actions && <div className="panel-actions">{actions}</div>}
      </header>
      {rows.length === 0 ? (
        <div className="chart-empty" style={{ height: CHART_HEIGHT }}>
          {emptyText}
        </div>
      ) : (
        <ComposedChart responsive style={{ width: '100%', height: CHART_HEIGHT }} data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="t" type="number" domain={['dataMin', 'dataMax']} tickFormatter={fmtClock} allowDecimals={false} fontSize={12} />
          <YAxis width={Y_AXIS_WIDTH} tickFormatter={fmtCompact} fontSize={12} />
          <Tooltip
            isAnimationActive={false}
            labelFormatter={(t: unknown) => `second ${fmtClock(Number(t))}`}
            formatter={(value: unknown) => `${tooltipValue(value)} ${spec.yUnit}`}
          />
          <Legend iconType="plainline" wrapperStyle={{ fontSize: 12 }} />
          {markers.map((m) => (
            <ReferenceLine key={m.label} x={m.t} stroke={MARKER} strokeDasharray="4 4" label={{ value: m.label, position: 'insideTopLeft', fontSize: 11 }} />
          ))}
          {spec.series.map((s) =>
            spec.kind === 'line' ? (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stroke={s.color}
                strokeDasharray={DASHES[s.stroke ?? 'solid']}
                strokeWidth={1.5}
                dot={false}
                isAnimationActive={false}
                connectNulls
              />
            ) : (
              <Area
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stroke={s.color}
                // A stacked series that is zero throughout would draw its edge along
                // the top of the others, looking like failures that never happened.
                strokeWidth={hasData(rows, s.key) ? 1.5 : 0}
                fill={s.color}
                fillOpacity={AREA_OPACITY}
                stackId={spec.kind === 'stackedArea' ? 'stack' : undefined}
                dot={false}
                isAnimationActive={false}
              />
            ),
          )}
        </ComposedChart>
      )}
    </section>
  );
}

function hasData(rows: readonly Record<string, unknown>[], key: string): boolean {
  return rows.some((r) => typeof r[key] === 'number' && r[key] !== 0);
}
