import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CSS = readFileSync(join(__dirname, '..', '..', 'renderer', 'src', 'styles.css'), 'utf8');

/** The --variables of the block that opens with `selector {`. */
function themeVars(selector: string): Record<string, string> {
  const start = CSS.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const block = CSS.slice(start, CSS.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/(--[a-z-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]));
}

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** Text on the backgrounds it is drawn on (AA: 4.5:1). */
const TEXT_PAIRS: [string, string][] = [
  ['--text', '--bg'],
  ['--text', '--panel'],
  ['--text', '--input-bg'],
  ['--text', '--selected-bg'],
  ['--muted', '--bg'],
  ['--muted', '--panel'],
  ['--muted', '--input-bg'],
  ['--muted', '--selected-bg'],
  ['--muted', '--neutral-bg'],
  ['--accent', '--panel'],
  ['--accent', '--bg'],
  ['--accent', '--accent-soft'],
  ['--on-accent', '--accent'],
  ['--on-accent', '--bad'],
  ['--ok', '--panel'],
  ['--ok', '--bg'],
  ['--ok', '--ok-bg'],
  ['--warn', '--panel'],
  ['--warn', '--warn-bg'],
  ['--bad', '--panel'],
  ['--bad', '--bad-bg'],
  ['--neutral-text', '--neutral-bg'],
  ['--axis-text', '--panel'],
  ['--axis-text', '--bg'],
];
/** Focus rings and control outlines against what surrounds them (3:1). */
const UI_PAIRS: [string, string][] = [
  ['--focus', '--bg'],
  ['--focus', '--panel'],
  ['--control-border', '--panel'],
  ['--control-border', '--input-bg'],
  ['--axis-line', '--panel'],
];

describe.each([
  ['light', ':root'],
  ['dark', ":root[data-theme='dark']"],
])('the %s theme', (_name, selector) => {
  const vars = { ...themeVars(':root'), ...themeVars(selector) };
  it.each(TEXT_PAIRS)('%s on %s is at least 4.5:1', (fg, bg) => {
    expect(contrast(vars[fg], vars[bg])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(UI_PAIRS)('%s against %s is at least 3:1', (fg, bg) => {
    expect(contrast(vars[fg], vars[bg])).toBeGreaterThanOrEqual(3);
  });
});

describe('the dark theme', () => {
  it('sets every variable the light one does', () => {
    expect(Object.keys(themeVars(":root[data-theme='dark']")).sort()).toEqual(Object.keys(themeVars(':root')).sort());
  });
});
