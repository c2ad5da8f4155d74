import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../helpers/browser';
import { descendants, startCli, type CliProcess } from '../helpers/cli';
import { waitGone } from '../helpers/processes';

/** Screenshots of the live view, kept by CI as artifacts. */
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');
const RUN_LIMIT_MS = 40_000;

const tid = (id: string) => `[data-testid="${id}"]`;

/** The page's document, as seen by functions that run in the browser (this file has no DOM types). */
declare const document: { querySelector(s: string): { getAttribute(n: string): string | null } | null };

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
  let url: string;
  let browser: Browser;
  let page: Page;
  const runs = mkdtempSync(join(tmpdir(), 'kvscope-e2e-'));

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    serve = startCli(['serve', '--port', '0', '--runs-dir', runs]);
    await serve.waitFor(/http:\/\/127\.0\.0\.1:\d+\//, 20_000);
    url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(serve.output())![1];
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
  });

  it('runs kv-async for 6 s: the chart gains points, the tiles move, the run finishes', async () => {
    await page.goto(url);
    await page.click(tid('scenario-card-kv-async'));
    await page.fill(tid('field-durationSeconds'), '6');
    await page.fill(tid('field-warmupSeconds'), '1');
    await page.click(tid('start-button'));
    await page.waitForSelector(`${tid('phase')}[data-phase="running"]`, { timeout: RUN_LIMIT_MS });
    await waitForPoints(page, 'throughput-chart', 3);
    const early = Number(await page.getAttribute(tid('throughput-chart'), 'data-points'));
    expect(await number(page, 'tile-ops')).toBeGreaterThan(0);
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
    await waitForPoints(page, 'throughput-chart', 2);
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
});

interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
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
