import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_SECONDS } from '../../app/stats/verdict';
import { launchBrowser, type Browser } from '../helpers/browser';
import { descendants, startCli, type CliProcess } from '../helpers/cli';
import { waitGone } from '../helpers/processes';

/** Screenshots of the live view, kept by CI as artifacts. */
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');
const RUN_LIMIT_MS = 40_000;

const tid = (id: string) => `[data-testid="${id}"]`;

/** The page's document, as seen by functions that run in the browser (this file has no DOM types). */
declare const document: { querySelector(s: string): { getAttribute(n: string): string | null } | null };
declare const window: { scrollY: number };

/** Wait until the chart has drawn at least n seconds (a function, not a string: the page's CSP forbids eval). */
async function waitForPoints(page: Page, chart: string, n: number): Promise<void> {
  await page.waitForFunction(
    ([sel, min]) => Number(document.querySelector(sel as string)?.getAttribute('data-points')) >= (min as number),
    [tid(chart), n] as const,
    { timeout: RUN_LIMIT_MS },
  );
}

async function number(page: Page, id: string): Promise<number> {
  const text = (await page.textContent(tid(id))) ?? '';
  return Number(text.replace(/[^0-9.]/g, '')) || 0;
}

describe('the dashboard in a real browser, through the twin', () => {
  let serve: CliProcess;
  /** The printed address, with the token. */
  let tokenUrl: string;
  /** The same without it: enough once the page has traded the token for its cookie. */
  let url: string;
  let browser: Browser;
  let page: Page;
  const runs = mkdtempSync(join(tmpdir(), 'kvscope-e2e-'));
  // Saved scenarios go here, never into the home folder of whoever runs the tests.
  const configDir = mkdtempSync(join(tmpdir(), 'kvscope-e2e-config-'));

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    serve = startCli(['serve', '--port', '0', '--runs-dir', runs], { KVSCOPE_CONFIG_DIR: configDir });
    const printed = /kvscope dashboard: ((http:\/\/127\.0\.0\.1:\d+\/)\?token=[A-Za-z0-9_-]+)\n/;
    await serve.waitFor(printed, 20_000);
    [, tokenUrl, url] = printed.exec(serve.output()) ?? ['', '', ''];
    browser = await launchBrowser();
    page = await browser.ctx.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    const children = serve?.proc.pid ? descendants(serve.proc.pid) : [];
    serve?.proc.kill('SIGINT');
    await serve?.exited;
    expect(await waitGone(children, 5000)).toEqual([]);
    rmSync(runs, { recursive: true, force: true });
    rmSync(configDir, { recursive: true, force: true });
  });

  it('without the token: the 401 page, no app', async () => {
    const r = await page.goto(url);
    expect(r?.status()).toBe(401);
    expect(await page.textContent('h1')).toMatch(/needs the address it printed/);
  });

  it('runs kv-async for 6 s: the chart gains points, the tiles move, the run finishes', async () => {
    // The printed address: the token is traded for the cookie and leaves the address bar.
    await page.goto(tokenUrl);
    await page.waitForURL(`${url}#/scenarios`);
    await page.click(tid('scenario-card-kv-async'));
    await page.fill(tid('field-durationSeconds'), '6');
    await page.fill(tid('field-warmupSeconds'), '1');
    await page.click(tid('start-button'));
    await page.waitForSelector(`${tid('phase')}[data-phase="running"]`, { timeout: RUN_LIMIT_MS });
    await waitForPoints(page, 'throughput-chart', 3);
    const early = Number(await page.getAttribute(tid('throughput-chart'), 'data-points'));
    expect(await number(page, 'tile-ops')).toBeGreaterThan(0);
    expect(await number(page, 'tile-ops-run')).toBeGreaterThan(0);
    expect(await number(page, 'tile-nodes')).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'live-running.png'), fullPage: true });
    await page.waitForSelector(`${tid('phase')}[data-phase="done"]`, { timeout: RUN_LIMIT_MS });
    const late = Number(await page.getAttribute(tid('throughput-chart'), 'data-points'));
    expect(late).toBeGreaterThan(early);
    expect(await page.isVisible(tid('summary-table'))).toBe(true);
    expect(await page.textContent(tid('summary-table'))).toMatch(/get/);
    // The series are on a canvas: it has painted pixels, and hovering it names a second and its values.
    expect(await paintedPixels(page, 'throughput-chart')).toBeGreaterThan(0);
    const canvas = await page.$(`${tid('throughput-chart')} canvas`);
    const box = await canvas?.boundingBox();
    if (!box) throw new Error('the throughput chart has no canvas');
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
    await page.waitForSelector(tid('plot-tooltip'), { timeout: RUN_LIMIT_MS });
    expect(await page.textContent(tid('plot-tooltip'))).toMatch(/second \d+:\d\d.*Reads: \d/);
    await page.screenshot({ path: join(ARTIFACTS, 'live-done.png'), fullPage: true });
  });

  it('Stop mid-run ends the run as stopped', async () => {
    await page.goto(url);
    await page.click(tid('scenario-card-redis-mix'));
    await page.click(tid('scenario-card-kv-cluster'));
    await page.fill(tid('field-durationSeconds'), '120');
    await page.fill(tid('field-warmupSeconds'), '0');
    await page.click(tid('start-button'));
    // The new run's own seconds: until its header arrives the Live page may still show the run before.
    await page.waitForSelector(`${tid('phase')}[data-phase="running"]`, { timeout: RUN_LIMIT_MS });
    // MIN_SECONDS full seconds and one more: the cut-short last one is no rate, and the comparison below needs them to judge.
    await waitForPoints(page, 'throughput-chart', MIN_SECONDS + 1);
    await page.click(tid('stop-button'));
    await page.waitForSelector(`${tid('phase')}[data-phase="stopped"]`, { timeout: RUN_LIMIT_MS });
    await page.screenshot({ path: join(ARTIFACTS, 'live-stopped.png'), fullPage: true });
  });

  it('an invalid setting shows its message and keeps Start disabled', async () => {
    await page.goto(url);
    await page.click(tid('scenario-card-redis-mix'));
    expect(await page.isEnabled(tid('start-button'))).toBe(true);
    await page.fill(tid('field-workers'), '0');
    await page.waitForSelector(tid('error-workers'));
    expect(await page.textContent(tid('error-workers'))).toMatch(/1/);
    expect(await page.isDisabled(tid('start-button'))).toBe(true);
    await page.fill(tid('field-workers'), '2');
    await page.waitForSelector(tid('error-workers'), { state: 'detached' });
    expect(await page.isEnabled(tid('start-button'))).toBe(true);
  });

  it('lists the runs, compares two with significance, exports the comparison as a PNG of the rendered size, labels and deletes', async () => {
    await page.click(tid('nav-runs'));
    await page.waitForSelector(tid('runs-table'), { timeout: RUN_LIMIT_MS });
    const rows = await page.$$('[data-testid^="run-row-"]');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const ids = await page.$$eval('[data-testid^="pick-"]', (els) =>
      els.map((e) => (e.getAttribute('data-testid') ?? '').slice('pick-'.length)),
    );
    await page.click(tid(`pick-${ids[1]}`));
    await page.click(tid(`pick-${ids[0]}`));
    await page.click(tid('compare-button'));
    await page.waitForSelector(tid('compare-throughput'), { timeout: RUN_LIMIT_MS });
    // A few seconds a run may be too dependent to judge (a ramp-up makes each second like the one before): the page then says so.
    expect(await page.textContent(tid('compare-throughput-get'))).toMatch(
      /get[\d,]+[\d,]+((~ )?[+-]\d+\.\d% \[[+-]\d+\.\d% to [+-]\d+\.\d%\] \(p(=\d\.\d{3}|<0\.001) n=\d+\+\d+ s\)(, shift .+)?|[+-]\d+\.\d%, too few independent seconds to judge \(n=\d+\+\d+ s\))$/,
    );
    expect(Number(await page.getAttribute(tid('compare-chart-throughput-total'), 'data-points'))).toBeGreaterThan(0);
    // The head a report needs, inside what the PNG draws: runs, date, machine.
    expect(await page.textContent(tid('report-title'))).toMatch(/^kv-\S+ \w{8} vs kv-\S+ \w{8}$/);
    expect(await page.textContent(tid('report-head'))).toMatch(/Runs? on \d{4}-\d\d-\d\d \d\d:\d\d UTC.*Machine: .* · 2 × .* · Node v\d+/);
    await page.screenshot({ path: join(ARTIFACTS, 'compare.png'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: RUN_LIMIT_MS }), page.click(tid('export-png'))]);
    const saved = join(runs, '..', `kvscope-e2e-compare-${process.pid}.png`);
    await download.saveAs(saved);
    const png = readFileSync(saved);
    rmSync(saved, { force: true });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(width).toBe(Number(await page.getAttribute(tid('compare-body'), 'data-png-width')));
    expect(height).toBe(Number(await page.getAttribute(tid('compare-body'), 'data-png-height')));
    const box = await page.$eval(tid('compare-body'), (e) => {
      const r = e.getBoundingClientRect();
      return { w: r.width, h: r.height };
    });
    expect(width).toBe(Math.ceil(box.w * 2));
    expect(height).toBe(Math.ceil(box.h * 2));
    // Decodable: its image data inflates to exactly one filter byte plus width RGBA pixels per row.
    expect(pngPixelBytes(png)).toBe(height * (1 + width * 4));
    // Every legend swatch is in the picture, in its line's colour, so the runs can be told apart on paper.
    const swatches = (await page.evaluate(SWATCH_PIXELS.replace('DATA_URL', `data:image/png;base64,${png.toString('base64')}`))) as {
      want: string;
      got: string;
    }[];
    expect(swatches.length).toBeGreaterThan(1);
    for (const s of swatches) expect(s.got).toBe(s.want);

    // The one-file HTML report of the same comparison: its head, three charts, no script.
    const [report] = await Promise.all([page.waitForEvent('download', { timeout: RUN_LIMIT_MS }), page.click(tid('export-html'))]);
    const reportPath = join(runs, '..', `kvscope-e2e-compare-${process.pid}.html`);
    await report.saveAs(reportPath);
    const html = readFileSync(reportPath, 'utf8');
    rmSync(reportPath, { force: true });
    expect(report.suggestedFilename()).toMatch(/^compare_.*_report\.html$/);
    expect(html).toContain(`<h1>${await page.textContent(tid('report-title'))}</h1>`);
    expect(html.match(/role="img"/g)).toHaveLength(3);
    expect(html).not.toMatch(/<script/i);

    // The comparison is in the address: a reload shows it again, and Back returns to the Runs page at its top.
    expect(page.url()).toMatch(/#\/compare\/[^,?]+\.ndjson,[^,?]+\.ndjson\?baseline=0$/);
    await page.mouse.wheel(0, 5000);
    await page.reload();
    await page.waitForSelector(tid('compare-throughput'), { timeout: RUN_LIMIT_MS });
    expect(await page.textContent(tid('compare-throughput-get'))).toMatch(/^get/);
    await page.goBack();
    await page.waitForSelector(tid('runs-table'), { timeout: RUN_LIMIT_MS });
    expect(page.url()).toMatch(/#\/runs$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.click(tid('nav-runs'));
    await page.fill(tid(`label-${ids[0]}`), 'after upgrade');
    await page.click(tid('runs-filter'));
    const before = readdirSync(runs).filter((f) => f.endsWith('.ndjson'));
    await page.click(tid(`delete-${ids[1]}`));
    await page.click(tid(`confirm-delete-${ids[1]}`));
    await page.waitForSelector(tid(`run-row-${ids[1]}`), { state: 'detached', timeout: RUN_LIMIT_MS });
    const after = readdirSync(runs).filter((f) => f.endsWith('.ndjson'));
    expect(after).toHaveLength(before.length - 1);
    expect(await page.inputValue(tid(`label-${ids[0]}`))).toBe('after upgrade');
    expect(readdirSync(runs).some((f) => f.endsWith('.meta.json'))).toBe(true);
  });

  it('a scenario saved in the editor is listed by `kvscope scenarios` and runs by name from the CLI', async () => {
    await page.goto(url);
    await page.click(tid('scenario-card-kv-async'));
    await page.fill(tid('field-durationSeconds'), '1');
    await page.fill(tid('field-warmupSeconds'), '0');
    await page.waitForSelector(tid('unsaved'));
    await page.click(tid('save-as'));
    await page.fill(tid('save-name'), 'e2e-mine');
    await page.press(tid('save-name'), 'Enter');
    await page.waitForSelector(`${tid('saved-card-e2e-mine')}[aria-pressed="true"]`);
    expect(await page.isVisible(tid('unsaved'))).toBe(false);
    // Kept across a reload: it is a file in the config folder, not window state.
    await page.reload();
    await page.waitForSelector(tid('saved-card-e2e-mine'));
    const env = { KVSCOPE_CONFIG_DIR: configDir };
    const list = startCli(['scenarios'], env);
    expect((await list.exited).code).toBe(0);
    expect(list.output()).toMatch(/^e2e-mine +saved +builtin-kv /m);
    const run = startCli(['run', 'e2e-mine', '--runs-dir', runs, '--json'], env);
    const { code } = await run.exited;
    expect(code, run.output()).toBe(0);
    const json = JSON.parse(run.output().slice(run.output().indexOf('{\n'))) as { file: string; summary: { status: string } };
    expect(json.summary.status).toBe('done');
    const header = JSON.parse(readFileSync(json.file, 'utf8').split('\n')[0]) as {
      data: { scenario: { name: string; durationSeconds: number } };
    };
    expect(header.data.scenario).toMatchObject({ name: 'e2e-mine', durationSeconds: 1 });
  });

  it('a sweep from the start bar runs once per value and opens its comparison with the sweep chart', async () => {
    await page.click(tid('nav-scenarios'));
    await page.click(tid('scenario-card-kv-async'));
    await page.fill(tid('field-durationSeconds'), '1');
    await page.fill(tid('field-warmupSeconds'), '0');
    await page.fill(tid('plan-sweep-setting'), 'inFlight');
    await page.fill(tid('plan-sweep-values'), '1, 4');
    await page.click(tid('start-button'));
    await page.waitForSelector(tid('run-group'), { timeout: RUN_LIMIT_MS });
    expect(await page.textContent(tid('run-group'))).toMatch(/run [12] of 2 · inFlight=[14]/);
    await page.waitForSelector(tid('sweep-chart'), { timeout: RUN_LIMIT_MS });
    expect(await page.getAttribute(tid('sweep-chart'), 'data-points')).toBe('2');
    expect(await page.textContent(tid('settings-diff'))).toMatch(/inFlight: 1 .* · 4 /);
    await page.screenshot({ path: join(ARTIFACTS, 'sweep.png'), fullPage: true });
  });

  it('every page passes axe-core (WCAG 2.1 A and AA) with no serious or critical violation, in the light and the dark theme', async () => {
    const found: string[] = [];
    for (const theme of ['light', 'dark']) {
      await page.selectOption(tid('theme-choice'), theme);
      expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
      for (const nav of ['scenarios', 'live', 'runs', 'compare']) {
        await page.click(tid(`nav-${nav}`));
        if (nav === 'scenarios') await openCard(page, 'redis-mix');
        for (const v of await axeViolations(page)) found.push(`${theme} ${nav}: ${v}`);
      }
    }
    await page.selectOption(tid('theme-choice'), 'system');
    expect(found).toEqual([]);
    // The instrument itself: grey on white text is found.
    await page.evaluate(
      `(() => { const p = document.createElement('p'); p.textContent = 'faint'; p.style.color = '#cccccc'; p.style.background = '#ffffff'; document.body.append(p); })()`,
    );
    expect((await axeViolations(page)).join('\n')).toMatch(/^color-contrast: /m);
    await page.reload();
  });

  it('at 1024x700 the tiles sit in balanced rows and the first chart lies whole inside the window while a run goes', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    try {
      await page.click(tid('nav-scenarios'));
      await openCard(page, 'kv-async');
      await page.fill(tid('plan-sweep-setting'), '');
      await page.fill(tid('plan-sweep-values'), '');
      await page.fill(tid('field-durationSeconds'), '4');
      await page.fill(tid('field-warmupSeconds'), '0');
      await page.click(tid('start-button'));
      await page.waitForSelector(`${tid('phase')}[data-phase="running"]`, { timeout: RUN_LIMIT_MS });
      await waitForPoints(page, 'throughput-chart', 1);
      const box = await page.locator(tid('throughput-chart')).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(700);
      expect(box!.x + box!.width).toBeLessThanOrEqual(1024);
      // Rows of tiles differ by one at most: 9 tiles as 5 + 4, never 6 + 3.
      const tops = await page.locator('.tiles .tile').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      const perRow = [...new Set(tops)].map((t) => tops.filter((x) => x === t).length);
      expect(Math.max(...perRow) - Math.min(...perRow), `tiles per row: ${perRow.join(' + ')}`).toBeLessThanOrEqual(1);
      await page.screenshot({ path: join(ARTIFACTS, 'live-1024x700.png') });
      await page.waitForSelector(`${tid('phase')}[data-phase="done"]`, { timeout: RUN_LIMIT_MS });
    } finally {
      await page.setViewportSize({ width: 1400, height: 1000 });
    }
  });
});

interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
}

/** Open a catalog card, discarding edits the editor holds from an earlier test. */
async function openCard(page: Page, name: string): Promise<void> {
  await page.click(tid(`scenario-card-${name}`));
  if (await page.isVisible(tid('discard-prompt'))) await page.click(tid('discard-edits'));
  await page.waitForSelector(`${tid(`scenario-card-${name}`)}[aria-pressed="true"]`);
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it stands: each serious or
 * critical violation as "rule: first element (help)". axe is evaluated as a
 * string by the devtools protocol, which the page's CSP does not govern.
 */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const result = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })`,
  )) as {
    violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')} (${v.help})`,
    );
}

/** Pixels of a chart's canvas that are not transparent (the page's CSP forbids eval, so this is a function). */
async function paintedPixels(page: Page, testId: string): Promise<number> {
  return page.evaluate((sel) => {
    const doc = (globalThis as unknown as { document: { querySelector(s: string): CanvasLike | null } }).document;
    const c = doc.querySelector(sel);
    const data = c?.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    if (data) for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) n++;
    return n;
  }, `[data-testid="${testId}"] canvas`);
}

/**
 * Run in the page (the tests are not compiled against the DOM): the exported
 * picture's pixel under each legend swatch of the Compare page, and the
 * swatch's own colour.
 */
const SWATCH_PIXELS = `(async () => {
  const img = new Image();
  await new Promise((resolve, reject) => { img.onload = resolve; img.onerror = reject; img.src = 'DATA_URL'; });
  const canvas = document.createElement('canvas');
  canvas.width = img.width;
  canvas.height = img.height;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const body = document.querySelector('[data-testid="compare-body"]').getBoundingClientRect();
  return [...document.querySelectorAll('[data-testid="compare-body"] .plot-legend .swatch')].map((s) => {
    const r = s.getBoundingClientRect();
    const d = ctx.getImageData(Math.round((r.left - body.left + 1) * 2), Math.round((r.top - body.top + 0.5) * 2), 1, 1).data;
    return { want: getComputedStyle(s).borderTopColor, got: 'rgb(' + d[0] + ', ' + d[1] + ', ' + d[2] + ')' };
  });
})()`;

/** Bytes of a PNG's inflated image data (concatenated IDAT chunks); throws if they do not inflate. */
function pngPixelBytes(png: Buffer): number {
  const parts: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IHDR') expect([png[at + 16], png[at + 17]]).toEqual([8, 6]); // 8-bit RGBA
    if (type === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return inflateSync(Buffer.concat(parts)).length;
}
