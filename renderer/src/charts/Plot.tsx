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
  const next = domainsOf(rows, valueTop(spec, rows));
  // Keyed on the numbers, so an unchanged domain keeps the frame's identity.
  const domains = useMemo(() => next, [next.x[0], next.x[1], next.y[1]]); // eslint-disable-line react-hooks/exhaustive-deps
  const [source] = useState(() => seriesSource({ spec, rows }));
  useLayoutEffect(() => source.set({ spec, rows }), [source, spec, rows]);
  const [hover, setHover] = useState<Hover | null>(null);
  const frame = useMemo(
    () => (
      <ComposedChart responsive style={SIZE} margin={MARGIN}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis
          dataKey="t"
          type="number"
          domain={domains.x}
          ticks={domains.xTicks}
          // Every given tick is drawn: recharts then skips measuring each label's text to thin them out,
          // the costliest part of redrawing the frame (bench:ui).
          interval={0}
          tickFormatter={fmtClock}
          allowDataOverflow
          fontSize={12}
        />
        <YAxis
          type="number"
          domain={domains.y}
          ticks={domains.yTicks}
          interval={0}
          allowDataOverflow
          width={Y_AXIS_WIDTH} tickFormatter={fmtCompact} fontSize={12} />
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
        <SeriesLayer source={source} onHover={setHover} />
      </ComposedChart>
    ),
    [domains, bands, source],
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
