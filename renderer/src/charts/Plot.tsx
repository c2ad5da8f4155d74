import { memo } from 'react';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ReferenceArea, Tooltip, XAxis, YAxis } from 'recharts';
import { fmtClock, fmtCompact } from '../format';
import type { Row } from '../store/downsample';
import type { ChartSpec, SeriesSpec } from './spec';

export const CHART_HEIGHT = 260;
const Y_AXIS_WIDTH = 56;
const DASHES: Record<NonNullable<SeriesSpec['stroke']>, string | undefined> = { solid: undefined, dashed: '6 3', dotted: '2 3' };
const AREA_OPACITY = 0.3;
const GRID = '#e5e7eb';
const BAND_FILL = '#94a3b8';
const BAND_OPACITY = 0.12;
const MARGIN = { top: 8, right: 16, bottom: 0, left: 0 };
const SIZE = { width: '100%', height: CHART_HEIGHT };
const LEGEND_STYLE = { fontSize: 12 };

/** A labelled stretch of run seconds, e.g. the warm-up. */
export interface Band {
  from: number;
  to: number;
  label: string;
}

interface Props {
  spec: ChartSpec;
  rows: Row[];
  bands: readonly Band[];
}

const tooltipValue = (value: unknown): string => (typeof value === 'number' ? fmtCompact(value) : String(value));

/**
 * The drawing itself, the expensive part. Memoised: it redraws only when its
 * spec, rows or bands change, never because a tile or the log did.
 * Animation is off because the data moves every second and animating each
 * update costs more than the draw itself.
 */
export const Plot = memo(function Plot({ spec, rows, bands }: Props) {
  return (
    <ComposedChart responsive style={SIZE} data={rows} margin={MARGIN}>
      <CartesianGrid stroke={GRID} vertical={false} />
      <XAxis dataKey="t" type="number" domain={['dataMin', 'dataMax']} tickFormatter={fmtClock} allowDecimals={false} fontSize={12} />
      <YAxis width={Y_AXIS_WIDTH} tickFormatter={fmtCompact} fontSize={12} />
      <Tooltip
        isAnimationActive={false}
        labelFormatter={(t: unknown) => `second ${fmtClock(Number(t))}`}
        formatter={(value: unknown) => `${tooltipValue(value)} ${spec.yUnit}`}
      />
      <Legend iconType="plainline" wrapperStyle={LEGEND_STYLE} />
      {bands.map((b) => (
        // Clipped to the plot, so a band that reaches past the newest second still shows its part.
        <ReferenceArea
          key={b.label}
          x1={b.from}
          x2={b.to}
          ifOverflow="hidden"
          fill={BAND_FILL}
          fillOpacity={BAND_OPACITY}
          label={{ value: b.label, position: 'insideTop', fontSize: 11 }}
        />
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
            activeDot={false}
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
            activeDot={false}
            isAnimationActive={false}
          />
        ),
      )}
    </ComposedChart>
  );
});

function hasData(rows: readonly Row[], key: string): boolean {
  return rows.some((r) => typeof r[key] === 'number' && r[key] !== 0);
}
