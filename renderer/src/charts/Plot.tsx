import { memo, useLayoutEffect, useMemo, useState } from 'react';
import { CartesianGrid, ComposedChart, ReferenceArea, XAxis, YAxis } from 'recharts';
import { fmtClock, fmtCompact } from '../format';
import type { Row } from '../store/downsample';
import { domainsOf } from './axes';
import { nearestRow } from './hover';
import { valueTop } from './paths';
import { PlotLegend } from './PlotLegend';
import { PlotTooltip } from './PlotTooltip';
import { SeriesLayer, type Hover } from './SeriesLayer';
import { seriesSource } from './seriesSource';
import type { ChartSpec } from './spec';

export const CHART_HEIGHT = 260;
const LEGEND_HEIGHT = 24;
const Y_AXIS_WIDTH = 56;
const GRID = '#e5e7eb';
const BAND_FILL = '#94a3b8';
const BAND_OPACITY = 0.12;
const MARGIN = { top: 8, right: 16, bottom: 0, left: 0 };
const SIZE = { width: '100%', height: CHART_HEIGHT - LEGEND_HEIGHT };

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

/**
 * The drawing. Recharts draws the frame (grid, axes, bands) on domains that
 * move in whole steps, and the frame is a memoised element: a new second
 * re-renders only the series layer inside it, a new step or a taller value
 * the frame too. Memoised itself: a tile or the log never redraws it.
 */
export const Plot = memo(function Plot({ spec, rows, bands }: Props) {
  const d = domainsOf(rows, valueTop(spec, rows));
  const [source] = useState(() => seriesSource({ spec, rows }));
  useLayoutEffect(() => source.set({ spec, rows }), [source, spec, rows]);
  const [hover, setHover] = useState<Hover | null>(null);
  // Each part of the frame is its own element, kept while its numbers stay: a
  // time step re-renders the time axis, not the value axis or the bands, and
  // recharts re-registers only what changed.
  const [x0, x1, yTop] = [d.x[0], d.x[1], d.y[1]];
  const xAxis = useMemo(() => timeAxis(d.x, d.xTicks), [x0, x1]); // eslint-disable-line react-hooks/exhaustive-deps
  const yAxis = useMemo(() => valueAxis(d.y, d.yTicks), [yTop]); // eslint-disable-line react-hooks/exhaustive-deps
  const bandAreas = useMemo(() => bands.map(bandArea), [bands]);
  const frame = useMemo(
    () => (
      <ComposedChart responsive style={SIZE} margin={MARGIN}>
        {GRID_LINES}
        {xAxis}
        {yAxis}
        {bandAreas}
        <SeriesLayer source={source} onHover={setHover} />
      </ComposedChart>
    ),
    [xAxis, yAxis, bandAreas, source],
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
const BAND_LABEL = { position: 'insideTop', fontSize: 11 } as const;

function timeAxis(domain: [number, number], ticks: number[]) {
  return (
    <XAxis
      dataKey="t"
      type="number"
      domain={domain}
      ticks={ticks}
      // Every given tick is drawn: recharts then skips measuring each label's
      // text to thin them out, the costliest part of redrawing the frame.
      interval={0}
      tickFormatter={fmtClock}
      allowDataOverflow
      fontSize={12}
    />
  );
}

function valueAxis(domain: [number, number], ticks: number[]) {
  return (
    <YAxis
      type="number"
      domain={domain}
      ticks={ticks}
      interval={0}
      allowDataOverflow
      width={Y_AXIS_WIDTH}
      tickFormatter={fmtCompact}
      fontSize={12}
    />
  );
}

/** Clipped to the plot, so a band that reaches past the newest second still shows its part. */
function bandArea(b: Band) {
  return (
    <ReferenceArea
      key={b.label}
      x1={b.from}
      x2={b.to}
      ifOverflow="hidden"
      fill={BAND_FILL}
      fillOpacity={BAND_OPACITY}
      label={{ ...BAND_LABEL, value: b.label }}
    />
  );
}
