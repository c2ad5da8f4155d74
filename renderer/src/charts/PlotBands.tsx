import { useSyncExternalStore } from 'react';
import { usePlotArea } from 'recharts';
import type { SeriesSource } from './seriesSource';
import { timeScale } from './timeScale';

const BAND_FILL = '#94a3b8';
/** Seconds whose numbers are not the scenario's load (a worker missing): amber, like a warning. */
const WARN_FILL = '#f59e0b';
const BAND_OPACITY = 0.12;
const LABEL_FILL = '#334155';
const LABEL_SIZE = 11;
/** The label's gap below the plot's top edge. */
const LABEL_OFFSET = 5;
const HANGING = '0.71em';

/** A labelled stretch of run seconds, e.g. the warm-up. */
export interface Band {
  from: number;
  to: number;
  label: string;
  /** 'warn' for seconds to read with care; plain (grey) otherwise. */
  tone?: 'warn';
}

interface Props {
  source: SeriesSource;
  /** Stable between renders (useWarmupBand). */
  bands: readonly Band[];
}

/**
 * Shaded stretches of seconds, on the page's own time axis (TimeAxis) so a
 * step of the window moves them without a recharts re-render. Clipped to the
 * plot: a band reaching past either edge shows its part in view.
 */
export function PlotBands({ source, bands }: Props) {
  const domain = useSyncExternalStore(source.subscribe, () => source.get().time.domain);
  const area = usePlotArea();
  if (!area || area.width <= 0 || bands.length === 0) return null;
  const scale = timeScale(domain, area.width);
  return (
    <g className="plot-bands">
      {bands.map((b) => {
        const left = Math.max(0, scale.x(b.from));
        const right = Math.min(area.width, scale.x(b.to));
        if (right <= left) return null;
        return (
          <g key={`${b.label}@${b.from}`} className={b.tone ? `plot-band plot-band-${b.tone}` : 'plot-band'}>
            <rect
              x={area.x + left}
              y={area.y}
              width={right - left}
              height={area.height}
              fill={b.tone === 'warn' ? WARN_FILL : BAND_FILL}
              fillOpacity={BAND_OPACITY}
            />
            <text
              className="plot-band-label"
              x={area.x + (left + right) / 2}
              y={area.y + LABEL_OFFSET}
              dy={HANGING}
              textAnchor="middle"
              fill={LABEL_FILL}
              fontSize={LABEL_SIZE}
            >
              {b.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}
