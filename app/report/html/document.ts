import { esc } from './escape';

/**
 * Nothing runs and nothing loads: no script at all, styles inline, pictures
 * inline SVG. The policy says so too, for whoever opens the file.
 */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const STYLE = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #111827; margin: 24px auto; max-width: 1100px; padding: 0 16px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 28px 0 8px; }
.muted { color: #4b5563; }
table { border-collapse: collapse; margin: 4px 0 8px; }
th, td { border-bottom: 1px solid #e5e7eb; padding: 4px 10px; text-align: left; vertical-align: top; }
th { background: #f9fafb; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.outcome { display: inline-block; padding: 2px 8px; border-radius: 4px; background: #e5e7eb; font-weight: 600; }
.outcome.bad { background: #fee2e2; color: #991b1b; }
.charts { display: flex; flex-wrap: wrap; gap: 16px; }
figure { margin: 0; }
figcaption { font-weight: 600; margin-bottom: 4px; }
.legend span { margin-right: 14px; white-space: nowrap; }
footer { margin-top: 32px; font-size: 12px; }
`;

/** One self-contained HTML file: title escaped, body already built from escaped parts. */
export function htmlDocument(title: string, body: string, generator: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    body,
    `<footer class="muted">Made by ${esc(generator)}. One file, no scripts: the figures are those of the run files.</footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A table: header cells, then rows; cells are text (escaped here) or numbers-as-text marked `num`. */
export function htmlTable(head: readonly string[], rows: readonly (readonly (string | { num: string })[])[], numFrom = 1): string {
  const th = head.map((h, i) => `<th${i >= numFrom ? ' class="num"' : ''}>${esc(h)}</th>`).join('');
  const tr = rows
    .map((r) => `<tr>${r.map((c) => (typeof c === 'string' ? `<td>${esc(c)}</td>` : `<td class="num">${esc(c.num)}</td>`)).join('')}</tr>`)
    .join('\n');
  return `<table>\n<thead><tr>${th}</tr></thead>\n<tbody>\n${tr}\n</tbody>\n</table>`;
}
