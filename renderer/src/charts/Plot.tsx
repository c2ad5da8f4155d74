import { memo, useLayoutEffect, useMemo, useState } from 'react';
import { CartesianGrid, ComposedChart, XAxis, YAxis } from 'recharts';
import type { Row } from '../chart-data/row';
import type { TimeFrame } from '../chart-data/timeFrame';
import { rowsTimeDomain } from './axes';
import { nearestRow } from './hover';
import { PlotBands, type Band } from './PlotBands';
import { PlotLegend } from './PlotLegend';
import { PlotTooltip } from './PlotTooltip';
import { SeriesLayer, type Hover } from './SeriesLayer';
import { seriesSource, type SeriesData, type TimeAxisData } from './seriesSource';
import type { ChartSpec } from './spec';
import { TIME_AXIS_HEIGHT, TimeAxis } from './TimeAxis';
import { valueAxis, type ValueAxis } from './valueAxis';

export type { Band } from './PlotBands';

const CHART_HEIGHT = 260;
const LEGEND_HEIGHT = 24;
const GRID = '#e5e7eb';
/** The bottom margin holds the time axis, which the page draws itself (TimeAxis). */
const MARGIN = { top: 8, right: 16, bottom: TIME_AXIS_HEIGHT, left: 0 };
const SIZE = { width: '100%', height: CHART_HEIGHT - LEGEND_HEIGHT };

interface Props {
  spec: ChartSpec;
  rows: Row[];
  bands: readonly Band[];
  frame: TimeFrame;
}

/**
 * The drawing. Recharts draws the value axis and grid, a memoised element
 * that re-renders only when the value axis' nice top changes. The time axis,
 * the bands and the series are the page's own (TimeAxis, PlotBands,
 * SeriesLayer) and follow the seconds through a source they subscribe to,
 * so neither a new second nor a step of the time axis re-renders recharts.
 * Memoised itself: a tile or the log never redraws it.
 */
export const Plot = memo(function Plot({ spec, rows, bands, frame: span }: Props) {
  const y = valueAxis(spec, rows);
  const { x, ticks } = rowsTimeDomain(rows, span);
  const [x0, x1] = x;
  const clock0 = span.clock0;
  // One object per time domain: its subscribers re-render when it moves, not on every render.
  const time = useMemo((): TimeAxisData => ({ domain: x, ticks, clock0 }), [x0, x1, clock0]); // eslint-disable-line react-hooks/exhaustive-deps
  const data: SeriesData = { spec, rows, time };
  const [source] = useState(() => seriesSource(data));
  useLayoutEffect(() => source.set(data));
  const [hover, setHover] = useState<Hover | null>(null);
  const yAxis = useMemo(() => valueAxisElement(y), [y.key]); // eslint-disable-line react-hooks/exhaustive-deps
  const frame = useMemo(
    () => (
      <ComposedChart responsive style={SIZE} margin={MARGIN}>
        {GRID_LINES}
        {HIDDEN_TIME_AXIS}
        {yAxis}
        <TimeAxis source={source} />
        <PlotBands source={source} bands={bands} />
        <SeriesLayer source={source} onHover={setHover} />
      </ComposedChart>
    ),
    [yAxis, bands, source],
  );
  const hovered = hover ? nearestRow(rows, hover.t) : undefined;
  return (
    <div className="plot">
      {frame}
      {hover && hovered && <PlotTooltip spec={spec} row={hovered} x={hover.x} width={hover.width} />}
      <PlotLegend spec={spec} />
    </div>
  );
});

const GRID_LINES = <CartesianGrid stroke={GRID} vertical={false} />;
/** Recharts wants an x axis to lay the frame out; its domain never moves, and nothing of it is drawn. */
const HIDDEN_TIME_AXIS = <XAxis hide type="number" dataKey="t" domain={[0, 1]} />;

function valueAxisElement({ domain, ticks, label, width }: ValueAxis) {
  return (
    <YAxis
      type="number"
      domain={domain}
      ticks={ticks}
      // Every given tick is drawn: recharts then skips measuring each label's
      // text to thin them out, the costliest part of redrawing the frame.
      interval={0}
      allowDataOverflow
      width={width}
      tickFormatter={label}
      fontSize={12}
    />
  );
}
