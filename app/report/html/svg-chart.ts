import { esc } from './escape';

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
/** Value ticks: 3 to 6 intervals of 1, 2, 2.5 or 5 × 10^k. */
const STEPS = [1, 2, 2.5, 5, 10];
const MAX_INTERVALS = 6;
const X_TICKS = 6;

/** The smallest tick step that covers `max` in at most MAX_INTERVALS intervals. */
function tickStep(max: number): number {
  if (!(max > 0)) return 1;
  const decade = 10 ** Math.floor(Math.log10(max / MAX_INTERVALS));
  for (const s of STEPS) if (s * decade * MAX_INTERVALS >= max) return s * decade;
  return 10 * decade;
}

const label = (v: number): string => (Math.abs(v) >= 1000 ? v.toLocaleString('en-US') : String(Number(v.toPrecision(4))));
const swatch = (i: number): string => {
  const dash = i >= COLORS.length ? ` stroke-dasharray="${DASH}"` : '';
  return `<svg width="24" height="8" aria-hidden="true"><line x1="0" y1="4" x2="24" y2="4" stroke="${COLORS[i % COLORS.length]}" stroke-width="2"${dash}/></svg>`;
};

/**
 * A line chart as inline SVG: seconds (from 0) across, the figure up from 0,
 * ticks on round values, the unit on the axis, a legend with each line's
 * sample. Everything that is text is escaped.
 */
export function svgLineChart(title: string, unit: string, lines: readonly ChartLine[]): string {
  const length = Math.max(1, ...lines.map((l) => l.values.length));
  const top = Math.max(0, ...lines.flatMap((l) => l.values.filter((v): v is number => v !== null && Number.isFinite(v))));
  const step = tickStep(top);
  const yMax = Math.max(step, Math.ceil(top / step) * step);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (length === 1 ? plotW / 2 : (i / (length - 1)) * plotW);
  const y = (v: number) => PAD.top + plotH - (v / yMax) * plotH;
  const parts: string[] = [];
  for (let v = 0; v <= yMax + step / 2; v += step) {
    parts.push(`<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/>`);
    parts.push(`<text x="${PAD.left - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11" fill="#4b5563">${esc(label(v))}</text>`);
  }
  const xStep = Math.max(1, Math.ceil((length - 1) / X_TICKS));
  for (let i = 0; i < length; i += xStep)
    parts.push(`<text x="${x(i)}" y="${HEIGHT - 12}" text-anchor="middle" font-size="11" fill="#4b5563">${i}</text>`);
  parts.push(`<text x="${WIDTH - PAD.right}" y="${HEIGHT - 1}" text-anchor="end" font-size="11" fill="#4b5563">second</text>`);
  parts.push(`<text x="4" y="${PAD.top + 8}" font-size="11" fill="#4b5563">${esc(unit)}</text>`);
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
  return [
    `<figure><figcaption>${esc(title)} <span class="muted">(${esc(unit)})</span></figcaption>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${esc(title)}">`,
    `<rect x="${PAD.left}" y="${PAD.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#d1d5db"/>`,
    ...parts,
    '</svg>',
    `<div class="legend">${legend}</div></figure>`,
  ].join('\n');
}
