import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunWriter } from '../../app/run/writer';
import { startFakeBridge, type FakeBridge } from '../../bench/ui/fake-bridge';
import { makeSamples, runInfo } from '../../bench/ui/samples';
import { launchBrowser, type Browser } from '../helpers/browser';
import { descendants, startCli, type CliProcess } from '../helpers/cli';
import { waitGone } from '../helpers/processes';
import { fixtureRun, steady } from '../unit/run-fixture';

const PAGE_TIMEOUT_MS = 30_000;
const RENDERER = join(__dirname, '..', '..', 'dist', 'renderer');
const tid = (id: string) => `[data-testid="${id}"]`;

/** The value-axis labels recharts drew in a chart, bottom to top. */
const tickLabels = (page: Page, chart: string): Promise<string[]> =>
  page.$$eval(`${tid(chart)} .recharts-cartesian-axis-tick-value`, (els) => els.map((e) => e.textContent ?? ''));

/** Polls until the chart's labels pass `ok`, then returns them; the last seen when they never do. */
async function labelsWhen(page: Page, chart: string, ok: (labels: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + PAGE_TIMEOUT_MS;
  let seen = await tickLabels(page, chart);
  while (!ok(seen) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    seen = await tickLabels(page, chart);
  }
  return seen;
}

/** A Redis-fast run as a run file: each second's node p99 falls in the `p99Bucket` µs bucket. */
function writeRun(dir: string, id: string, p99Bucket: number): string {
  const run = fixtureRun(id, steady(8, { get: { count: 100, us: 40 } }));
  const rates = { 'read.success': 100, 'latency.read.n': 100, 'latency.read.b2': 98, [`latency.read.b${p99Bucket}`]: 2 };
  const samples = run.samples.map((s) => ({ ...s, nodes: [{ id: 'redis', address: '127.0.0.1:6379', rates }] }));
  const file = `2026-11-01T12-00-0${p99Bucket}-000Z_kv-async_${id.slice(0, 8)}.ndjson`;
  const w = new RunWriter(join(dir, file));
  w.append({ type: 'header', data: run.header });
  for (const s of samples) w.append({ type: 'sample', data: s });
  w.append({ type: 'summary', data: run.summary });
  w.close();
  return file;
}

describe('latency axes that a few µs do not flatten, in a real browser', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.ctx.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe("Compare's server p99 per second", () => {
    const runs = mkdtempSync(join(tmpdir(), 'kvscope-e2e-latency-'));
    let serve: CliProcess;
    let files: string[];
    let url: string;
    beforeAll(async () => {
      // Two runs whose servers answered within 4 and 8 µs, as two redis-mix runs at inFlight 1 do.
      files = [writeRun(runs, 'aaaaaaaa-0000-4000-8000-000000000001', 4), writeRun(runs, 'bbbbbbbb-0000-4000-8000-000000000002', 8)];
      serve = startCli(['serve', '--port', '0', '--runs-dir', runs], { KVSCOPE_CONFIG_DIR: runs });
      const printed = /kvscope dashboard: (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)\n/;
      await serve.waitFor(printed, 20_000);
      url = printed.exec(serve.output())?.[1] ?? '';
    });
    afterAll(async () => {
      const children = serve?.proc.pid ? descendants(serve.proc.pid) : [];
      serve?.proc.kill('SIGINT');
      await serve?.exited;
      expect(await waitGone(children, 5000)).toEqual([]);
      rmSync(runs, { recursive: true, force: true });
    });

    it('labels its ticks in µs, distinct and none but the first 0', async () => {
      await page.goto(url);
      await page.waitForSelector(tid('nav-runs'), { timeout: PAGE_TIMEOUT_MS });
      await page.goto(`${url.split('?')[0]}#/compare/${files.join(',')}?baseline=0`);
      await page.waitForSelector(tid('compare-chart-server-p99'), { timeout: PAGE_TIMEOUT_MS });
      const labels = await labelsWhen(page, 'compare-chart-server-p99', (l) => l.length > 0);
      expect(labels).toEqual(['0', '2.0 µs', '4.0 µs', '6.0 µs', '8.0 µs']);
    });
  });

  describe("Live's latency chart with the source set to Both", () => {
    let bridge: FakeBridge;
    beforeAll(async () => {
      bridge = await startFakeBridge(RENDERER, () => undefined);
      // A minute of a two-node run whose nodes time their own operations (tens of µs) under a client p99 of ms.
      bridge.setState({ run: runInfo('e2e-both', 120), phase: 'running', samples: makeSamples(60), logs: [], summary: null, file: null });
    });
    afterAll(async () => {
      await bridge?.close();
    });

    it('draws a log scale whose ticks read µs and ms', async () => {
      await page.goto(bridge.url);
      await page.click(tid('latency-source-both'), { timeout: PAGE_TIMEOUT_MS });
      const labels = await labelsWhen(page, 'latency-chart', (l) => l.some((t) => t.endsWith('µs')));
      expect(labels.some((t) => t.endsWith('µs'))).toBe(true);
      expect(labels.some((t) => t.endsWith('ms'))).toBe(true);
      expect(new Set(labels).size).toBe(labels.length);
      expect(labels.every((t) => /^1(0*) [µm]s$/.test(t))).toBe(true);
      expect(await page.textContent(`${tid('latency-chart')} h2`)).toContain('log scale');
    });
  });
});
