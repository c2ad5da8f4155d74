import { useSyncExternalStore } from 'react';
import { usePlotArea } from 'recharts';
import { fmtClock } from '../../../app/report/numbers';
import { clockLabel } from '../chart-data/timeFrame';
import type { SeriesSource } from './seriesSource';
import { timeScale } from './timeScale';

/** Recharts' own axis look (CartesianAxis defaults), so both axes match. */
const AXIS = '#666';
const TICK_SIZE = 6;
const TICK_MARGIN = 2;
const FONT_SIZE = 12;
/** Below the tick: the text's top at its anchor. */
const HANGING = '0.71em';
/** Room the frame leaves under the plot for the ticks and their labels (recharts' XAxis height). */
export const TIME_AXIS_HEIGHT = 30;

/**
 * The time axis under the plot, drawn as a few SVG lines and labels. The
 * window slides every second; a recharts XAxis would then re-render the
 * whole recharts frame (grid, value axis, bands) of every chart, the slowest
 * live update there was (bench:ui). This redraws only itself, and only when
 * the domain moves.
 */
export function TimeAxis({ source }: { source: SeriesSource }) {
  const time = useSyncExternalStore(source.subscribe, () => source.get().time);
  const area = usePlotArea();
  if (!area || area.width <= 0) return null;
  const scale = timeScale(time.domain, area.width);
  const y = area.y + area.height;
  return (
    <g className="time-axis" fontSize={FONT_SIZE}>
      <line x1={area.x} x2={area.x + area.width} y1={y} y2={y} stroke={AXIS} />
      {time.ticks.map((t) => {
        const x = area.x + scale.x(t);
        return (
          <g key={t} className="time-axis-tick">
            <line x1={x} x2={x} y1={y} y2={y + TICK_SIZE} stroke={AXIS} />
            <text x={x} y={y + TICK_SIZE + TICK_MARGIN} dy={HANGING} textAnchor="middle" fill={AXIS}>
              {time.clock0 === undefined ? fmtClock(t) : clockLabel(time.clock0, t)}
            </text>
          </g>
        );
      })}
    </g>
  );
}
