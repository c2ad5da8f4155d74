import { esc } from './escape';

/** The box a chart plots in. */
export interface PlotBox {
  width: number;
  height: number;
  pad: { left: number; right: number; top: number; bottom: number };
}

/** A chart's figure: its caption (and the axis note), the SVG with its plot frame and parts, and the legend. */
export function svgFigure(title: string, note: string, box: PlotBox, parts: readonly string[], legend: string): string {
  const { width, height, pad } = box;
  return [
    `<figure><figcaption>${esc(title)}${note ? ` <span class="muted">(${esc(note)})</span>` : ''}</figcaption>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(title)}">`,
    `<rect x="${pad.left}" y="${pad.top}" width="${width - pad.left - pad.right}" height="${height - pad.top - pad.bottom}" fill="none" stroke="#d1d5db"/>`,
    ...parts,
    '</svg>',
    `<div class="legend">${legend}</div></figure>`,
  ].join('\n');
}
