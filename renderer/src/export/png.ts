import { DASHES } from '../charts/draw';

/**
 * A picture of part of the page as it is rendered, for pasting into a report:
 * the charts (recharts' SVG frames, then the canvases with their series) and
 * the text of headings, lists and tables, at their places, on the theme's page color, at
 * twice the CSS size so it stays sharp when scaled.
 */
const PNG_SCALE = 2;
/** The theme's page color (styles.css --bg); white where none is set. */
const background = () => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim() || '#ffffff';
const TEXT_SELECTOR = 'h1, h2, h3, th, td, li, p, .png-text';
const SWATCH_SELECTOR = '.plot-legend .swatch';
const SWATCH_WIDTH = 2;

/** The colors the page's CSS gives each part of a chart (its theme), written onto the copy, which leaves that CSS behind. */
function inlineColors(from: Element, to: Element): void {
  const style = getComputedStyle(from);
  for (const prop of ['fill', 'stroke'] as const) {
    const v = style.getPropertyValue(prop);
    if (v) to.setAttribute(prop, v);
  }
  const [a, b] = [from.children, to.children];
  for (let i = 0; i < a.length && i < b.length; i++) inlineColors(a[i], b[i]);
}

function svgImage(svg: SVGSVGElement): Promise<HTMLImageElement> {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  inlineColors(svg, copy);
  // A foreignObject would taint the canvas (and its canvas child is blank in a copy): the series are drawn separately.
  for (const f of Array.from(copy.querySelectorAll('foreignObject'))) f.remove();
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const { width, height } = svg.getBoundingClientRect();
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('a chart could not be drawn into the picture'));
    img.src = url;
  });
}

/** Legend swatches are CSS borders, which no canvas copy carries: each is drawn as the line sample it shows. */
function drawSwatch(ctx: CanvasRenderingContext2D, el: HTMLElement, p: { x: number; y: number; w: number }): void {
  const style = getComputedStyle(el);
  const width = parseFloat(style.borderTopWidth) || SWATCH_WIDTH;
  ctx.save();
  ctx.strokeStyle = style.borderTopColor;
  ctx.lineWidth = width;
  // The same dashes as the chart's own lines.
  ctx.setLineDash(style.borderTopStyle in DASHES ? DASHES[style.borderTopStyle as keyof typeof DASHES] : []);
  ctx.beginPath();
  ctx.moveTo(p.x, p.y + width / 2);
  ctx.lineTo(p.x + p.w, p.y + width / 2);
  ctx.stroke();
  ctx.restore();
}

/** The rendered `root` as a PNG data URL, and its size in pixels. */
export async function elementToPng(root: HTMLElement): Promise<{ url: string; width: number; height: number }> {
  const box = root.getBoundingClientRect();
  const width = Math.ceil(box.width * PNG_SCALE);
  const height = Math.ceil(box.height * PNG_SCALE);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this window cannot draw pictures (no 2D canvas)');
  ctx.scale(PNG_SCALE, PNG_SCALE);
  ctx.fillStyle = background();
  ctx.fillRect(0, 0, box.width, box.height);
  const at = (el: Element) => {
    const r = el.getBoundingClientRect();
    return { x: r.left - box.left, y: r.top - box.top, w: r.width, h: r.height };
  };
  for (const svg of Array.from(root.querySelectorAll<SVGSVGElement>('svg.recharts-surface'))) {
    const p = at(svg);
    ctx.drawImage(await svgImage(svg), p.x, p.y, p.w, p.h);
  }
  for (const c of Array.from(root.querySelectorAll('canvas'))) {
    const p = at(c);
    ctx.drawImage(c, p.x, p.y, p.w, p.h);
  }
  for (const s of Array.from(root.querySelectorAll<HTMLElement>(SWATCH_SELECTOR))) drawSwatch(ctx, s, at(s));
  ctx.textBaseline = 'middle';
  for (const el of Array.from(root.querySelectorAll<HTMLElement>(TEXT_SELECTOR))) {
    // Only leaves: a cell's text is drawn once, by the innermost element holding it.
    if (el.querySelector(TEXT_SELECTOR) || el.closest('svg')) continue;
    const text = el.innerText.replace(/\s+/g, ' ').trim();
    if (text === '') continue;
    const style = getComputedStyle(el);
    const p = at(el);
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    ctx.fillStyle = style.color;
    const right = style.textAlign === 'right' || el.classList.contains('num');
    ctx.textAlign = right ? 'right' : 'left';
    // A legend entry's text follows its swatch, which is drawn as a line of its own.
    const swatch = el.querySelector('.swatch');
    const left = swatch ? at(swatch).x + at(swatch).w + (parseFloat(style.columnGap) || 0) : p.x + (parseFloat(style.paddingLeft) || 0);
    ctx.fillText(text, right ? p.x + p.w - (parseFloat(style.paddingRight) || 0) : left, p.y + p.h / 2, p.w);
  }
  return { url: canvas.toDataURL('image/png'), width, height };
}
