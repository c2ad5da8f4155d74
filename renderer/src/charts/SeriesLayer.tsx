import { useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { usePlotArea, useYAxisDomain, useYAxisScale } from 'recharts';
import { drawSeries, type Drawable } from './draw';
import { nearestRow } from './hover';
import { seriesPoints, type Scale } from './paths';
import type { SeriesSource } from './seriesSource';
import { timeScale } from './timeScale';
import { logScale } from './valueAxis';

const CURSOR = '#64748b';

/** Where the pointer is over the plot: the second under it and the pixel it is drawn at. */
export interface Hover {
  t: number;
  x: number;
  /** The chart's drawn width, to keep a tooltip inside it. */
  width: number;
}

interface Props {
  source: SeriesSource;
  onHover: (h: Hover | null) => void;
}

/**
 * The value axis as plain arithmetic, measured from the library's scale at
 * the domain's two ends and shifted by `origin`: a multiply per point
 * instead of a library call.
 */
function linear(scale: (v: number) => number | undefined, domain: readonly unknown[] | undefined, origin: number): Scale {
  const d0 = Number(domain?.[0] ?? 0);
  const d1 = Number(domain?.[1] ?? 1);
  const p0 = scale(d0) ?? 0;
  const slope = d1 === d0 ? 0 : ((scale(d1) ?? p0) - p0) / (d1 - d0);
  return (v) => p0 + (v - d0) * slope - origin;
}

/**
 * The series, drawn on a canvas inside the recharts frame with the frame's
 * value scale and the page's own time scale (timeScale). Recharts' Line and Area rebuild several objects per point and
 * their SVG paths on every update, and the browser then re-lays-out and
 * repaints them; a canvas redraw of a few thousand points is a small share
 * of that (bench:ui). A new second re-renders this layer alone.
 */
export function SeriesLayer({ source, onHover }: Props) {
  const { spec, rows, time } = useSyncExternalStore(source.subscribe, source.get);
  const yScale = useYAxisScale();
  const yDomain = useYAxisDomain();
  const area = usePlotArea();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [hoverT, setHoverT] = useState<number | null>(null);
  const width = area?.width ?? 0;
  const height = area?.height ?? 0;
  const x = useMemo(() => timeScale(time.domain, width), [time, width]);
  const drawables = useMemo((): Drawable[] => {
    if (!yScale || !area) return [];
    // Canvas pixels start at the plot area's corner; a log axis' domain is in log10 of the values.
    const axis = linear(yScale, yDomain, area.y);
    const y = spec.scale === 'log' ? logScale(axis, Number(yDomain?.[0] ?? 0)) : axis;
    const stacked = spec.kind === 'stackedArea';
    return seriesPoints(spec, rows, x.x, y).map((points, i) => ({ spec: spec.series[i], points, edge: stacked ? 'nonzero' : 'all' }));
  }, [spec, rows, x, yScale, yDomain, area]);
  useLayoutEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(width * dpr);
    const h = Math.round(height * dpr);
    if (c.width !== w || c.height !== h) {
      c.width = w;
      c.height = h;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawSeries(ctx, drawables, width, height);
  }, [drawables, width, height]);
  if (!area || width <= 0 || height <= 0) return null;
  const move = (e: MouseEvent<SVGRectElement>) => {
    const box = e.currentTarget.ownerSVGElement?.getBoundingClientRect();
    const t = box ? x.t(e.clientX - box.left - area.x) : NaN;
    const row = box && Number.isFinite(t) ? nearestRow(source.get().rows, t) : undefined;
    setHoverT(row ? row.t : null);
    onHover(row && box ? { t: row.t, x: area.x + x.x(row.t), width: box.width } : null);
  };
  const leave = () => {
    setHoverT(null);
    onHover(null);
  };
  const cursorX = hoverT === null ? undefined : area.x + x.x(hoverT);
  return (
    <g className="series-layer" data-series={spec.series.map((s) => s.key).join(' ')}>
      <foreignObject x={area.x} y={area.y} width={width} height={height}>
        <canvas ref={canvas} style={{ width, height, display: 'block' }} />
      </foreignObject>
      {cursorX !== undefined && (
        <line className="plot-cursor" x1={cursorX} x2={cursorX} y1={area.y} y2={area.y + height} stroke={CURSOR} strokeDasharray="3 3" />
      )}
      <rect x={area.x} y={area.y} width={width} height={height} fill="transparent" onMouseMove={move} onMouseLeave={leave} />
    </g>
  );
}
