import type { SeriesPoints } from './paths';
import type { SeriesSpec } from './spec';

/** The few canvas calls the drawing needs, so it can be tested without a browser. */
export interface Pen {
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  arc(x: number, y: number, radius: number, start: number, end: number): void;
  fill(): void;
  stroke(): void;
  setLineDash(segments: number[]): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
  globalAlpha: number;
  lineWidth: number;
}

export const DASHES: Record<NonNullable<SeriesSpec['stroke']>, number[]> = { solid: [], dashed: [6, 3], dotted: [2, 3] };
const STROKE_WIDTH = 1.5;
const AREA_OPACITY = 0.3;
/** Earlier steps of a sweep: seen, but behind the step that runs now. */
const FADED_OPACITY = 0.45;
const DOT_RADIUS = 2.5;
const FULL_TURN = 2 * Math.PI;

export interface Drawable {
  spec: SeriesSpec;
  points: SeriesPoints;
  /**
   * 'nonzero' for stacked series: an edge is drawn only where the series has
   * a value, since a zero stretch would trace the top of the series below it
   * and look like, say, failures that never happened.
   */
  edge: 'all' | 'nonzero';
}

/** Fill (areas) and stroke every series, in order, onto a cleared canvas of `width` × `height` pixels. */
export function drawSeries(pen: Pen, series: readonly Drawable[], width: number, height: number): void {
  pen.clearRect(0, 0, width, height);
  // Index loop, no destructuring: this runs for every series of every chart each second.
  for (let s = 0; s < series.length; s++) {
    const { spec, points, edge } = series[s];
    const { xs, tops, bottoms } = points;
    if (xs.length === 0) continue;
    if (bottoms) {
      pen.beginPath();
      pen.moveTo(xs[0], tops[0]);
      for (let i = 1; i < xs.length; i++) pen.lineTo(xs[i], tops[i]);
      for (let i = xs.length - 1; i >= 0; i--) pen.lineTo(xs[i], bottoms[i]);
      pen.closePath();
      pen.globalAlpha = AREA_OPACITY;
      pen.fillStyle = spec.color;
      pen.fill();
      pen.globalAlpha = 1;
    }
    pen.beginPath();
    const values = points.values;
    let down = edge === 'all' || values[0] !== 0;
    let drawn = false;
    if (down) pen.moveTo(xs[0], tops[0]);
    for (let i = 1; i < xs.length; i++) {
      const draw = edge === 'all' || values[i] !== 0 || values[i - 1] !== 0;
      if (draw && down) pen.lineTo(xs[i], tops[i]);
      else if (draw) {
        pen.moveTo(xs[i - 1], tops[i - 1]);
        pen.lineTo(xs[i], tops[i]);
      }
      down = draw;
      drawn ||= draw;
    }
    if (xs.length === 1) {
      // A single second has no line to draw: a dot shows it is there.
      pen.beginPath();
      pen.arc(xs[0], tops[0], DOT_RADIUS, 0, FULL_TURN);
      pen.fillStyle = spec.color;
      pen.fill();
      continue;
    }
    if (!drawn) continue;
    pen.setLineDash(DASHES[spec.stroke ?? 'solid']);
    pen.strokeStyle = spec.color;
    pen.lineWidth = STROKE_WIDTH;
    if (spec.faded) pen.globalAlpha = FADED_OPACITY;
    pen.stroke();
    pen.globalAlpha = 1;
  }
}
