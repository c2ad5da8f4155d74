import { esc } from './escape';
import { svgFigure } from './svg-figure';
import { svgAxis } from './svg-axis';

/** One line of a chart: a value per second (null where the run has none). */
export interface ChartLine {
  name: string;
  values: readonly (number | null)[];
}

const WIDTH = 520;
const HEIGHT = 240;
const PAD = { left: 56, right: 12, top: 10, bottom: 30 };
/** Told apart on paper and by the colour-blind: distinct hues, then dashes once the hues repeat. */
const COLORS = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#4b5563'];
const DASH = '6 4';
const X_TICKS = 6;

const swatch = (i: number): string => {
  const dash = i >= COLORS.length ? ` stroke-dasharray="${DASH}"` : '';
  return `<svg width="24" height="8" aria-hidden="true"><line x1="0" y1="4" x2="24" y2="4" stroke="${COLORS[i % COLORS.length]}" stroke-width="2"${dash}/></svg>`;
};

/**
 * A line chart as inline SVG: seconds (from 0) across, the figure up from 0
 * (or on a log scale), ticks on round values, the unit on the axis, a legend
 * with each line's sample. Everything that is text is escaped.
 */
export function svgLineChart(title: string, unit: string, lines: readonly ChartLine[], scale: 'linear' | 'log' = 'linear'): string {
  const length = Math.max(1, ...lines.map((l) => l.values.length));
  const axis = svgAxis(
    lines.flatMap((l) => l.values.filter((v): v is number => v !== null && Number.isFinite(v))),
    unit,
    scale,
  );
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (length === 1 ? plotW / 2 : (i / (length - 1)) * plotW);
  const y = (v: number) => PAD.top + plotH - axis.at(v) * plotH;
  const parts: string[] = [];
  for (const v of axis.ticks) {
    parts.push(`<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/>`);
    parts.push(`<text x="${PAD.left - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11" fill="#4b5563">${esc(axis.label(v))}</text>`);
  }
  const xStep = Math.max(1, Math.ceil((length - 1) / X_TICKS));
  for (let i = 0; i < length; i += xStep)
    parts.push(`<text x="${x(i)}" y="${HEIGHT - 12}" text-anchor="middle" font-size="11" fill="#4b5563">${i}</text>`);
  parts.push(`<text x="${WIDTH - PAD.right}" y="${HEIGHT - 1}" text-anchor="end" font-size="11" fill="#4b5563">second</text>`);
  if (axis.note && scale === 'linear') parts.push(`<text x="4" y="${PAD.top + 8}" font-size="11" fill="#4b5563">${esc(axis.note)}</text>`);
  lines.forEach((l, i) => {
    const runs: string[] = [];
    let path = '';
    l.values.forEach((v, k) => {
      if (v === null || !Number.isFinite(v)) {
        if (path) runs.push(path);
        path = '';
        return;
      }
      path += `${path ? 'L' : 'M'}${x(k).toFixed(1)},${y(v).toFixed(1)}`;
    });
    if (path) runs.push(path);
    const dash = i >= COLORS.length ? ` stroke-dasharray="${DASH}"` : '';
    for (const d of runs) parts.push(`<path d="${d}" fill="none" stroke="${COLORS[i % COLORS.length]}" stroke-width="1.6"${dash}/>`);
  });
  const legend = lines.map((l, i) => `<span>${swatch(i)} ${esc(l.name)}</span>`).join('');
  return svgFigure(title, axis.note, { width: WIDTH, height: HEIGHT, pad: PAD }, parts, legend);
}
