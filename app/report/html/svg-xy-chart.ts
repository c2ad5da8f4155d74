import { esc } from './escape';
import { svgFigure } from './svg-figure';
import { svgAxis } from './svg-axis';

/** One series of an x-y chart: points in the order they are joined. */
export interface XySeries {
  name: string;
  points: readonly { x: number; y: number }[];
}

/** A marked value on an axis: the knee across, a limit up. */
export interface XyMark {
  axis: 'x' | 'y';
  value: number;
  label: string;
}

const WIDTH = 560;
const HEIGHT = 280;
const PAD = { left: 60, right: 16, top: 12, bottom: 34 };
const COLORS = ['#059669', '#2563eb', '#dc2626', '#d97706'];
const MARK_COLOR = '#6b7280';
const DOT_RADIUS = 3;

/**
 * A chart of y against x as inline SVG: x linear from 0, y linear or on a log
 * scale (latency past a knee spans decades), each series joined point to
 * point with a dot on each, dashed marks with their labels. Text is escaped.
 */
export function svgXyChart(
  title: string,
  xUnit: string,
  yUnit: string,
  series: readonly XySeries[],
  marks: readonly XyMark[] = [],
  yScale: 'linear' | 'log' = 'log',
): string {
  const xs = series.flatMap((s) => s.points.map((p) => p.x)).concat(marks.filter((m) => m.axis === 'x').map((m) => m.value));
  const ys = series.flatMap((s) => s.points.map((p) => p.y)).concat(marks.filter((m) => m.axis === 'y').map((m) => m.value));
  const xa = svgAxis(xs.filter(Number.isFinite), xUnit, 'linear');
  const ya = svgAxis(
    ys.filter((v) => Number.isFinite(v) && v > 0),
    yUnit,
    yScale,
  );
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (v: number) => PAD.left + xa.at(v) * plotW;
  const y = (v: number) => PAD.top + plotH - ya.at(v) * plotH;
  const parts: string[] = [];
  for (const v of ya.ticks) {
    parts.push(`<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/>`);
    parts.push(`<text x="${PAD.left - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11" fill="#4b5563">${esc(ya.label(v))}</text>`);
  }
  for (const v of xa.ticks)
    parts.push(`<text x="${x(v)}" y="${HEIGHT - 16}" text-anchor="middle" font-size="11" fill="#4b5563">${esc(xa.label(v))}</text>`);
  parts.push(`<text x="${WIDTH - PAD.right}" y="${HEIGHT - 2}" text-anchor="end" font-size="11" fill="#4b5563">${esc(xUnit)}</text>`);
  for (const m of marks) {
    const line =
      m.axis === 'x'
        ? `<line x1="${x(m.value)}" x2="${x(m.value)}" y1="${PAD.top}" y2="${PAD.top + plotH}" stroke="${MARK_COLOR}" stroke-dasharray="5 4"/>` +
          `<text x="${x(m.value) - 4}" y="${PAD.top + 12}" text-anchor="end" font-size="11" fill="${MARK_COLOR}">${esc(m.label)}</text>`
        : `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(m.value)}" y2="${y(m.value)}" stroke="${MARK_COLOR}" stroke-dasharray="5 4"/>` +
          `<text x="${PAD.left + 4}" y="${y(m.value) - 4}" font-size="11" fill="${MARK_COLOR}">${esc(m.label)}</text>`;
    parts.push(line);
  }
  series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length];
    const ok = s.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y) && p.y > 0);
    const d = ok.map((p, k) => `${k ? 'L' : 'M'}${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join('');
    if (d) parts.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="1.6"/>`);
    for (const p of ok) parts.push(`<circle cx="${x(p.x).toFixed(1)}" cy="${y(p.y).toFixed(1)}" r="${DOT_RADIUS}" fill="${color}"/>`);
  });
  const legend = series
    .map(
      (s, i) =>
        `<span><svg width="14" height="8" aria-hidden="true"><circle cx="7" cy="4" r="3" fill="${COLORS[i % COLORS.length]}"/></svg> ${esc(s.name)}</span>`,
    )
    .join('');
  return svgFigure(title, ya.note, { width: WIDTH, height: HEIGHT, pad: PAD }, parts, legend);
}
