import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../helpers/browser';
import type { CliProcess } from '../helpers/cli';
import { runFileOfSize } from '../helpers/run-file-size';
import { startServe, stopServe } from '../helpers/serve';

const PAGE_TIMEOUT_MS = 30_000;
/** Larger than a Bridge frame may be (1 MiB), as a long run's file is. */
const FILE_BYTES = 2.5 * 1024 * 1024;
const RUN_ID = 'cccc0000-0000-4000-8000-0000000000cc';
const ROW = `run-row-${RUN_ID.slice(0, 8)}`;
const tid = (id: string) => `[data-testid="${id}"]`;

describe('importing a run file larger than a Bridge frame, in a real browser', () => {
  const runs = mkdtempSync(join(tmpdir(), 'kvscope-e2e-import-'));
  const elsewhere = mkdtempSync(join(tmpdir(), 'kvscope-e2e-import-src-'));
  const file = join(elsewhere, 'an-hour.ndjson');
  let serve: CliProcess;
  let tokenUrl: string;
  let browser: Browser;
  let page: Page;
  /** Every Bridge socket the page opened, and those that closed (none may). */
  const sockets: string[] = [];
  const closes: string[] = [];

  beforeAll(async () => {
    writeFileSync(file, runFileOfSize(RUN_ID, FILE_BYTES));
    ({ serve, tokenUrl } = await startServe(runs, { KVSCOPE_CONFIG_DIR: runs }));
    browser = await launchBrowser();
    page = await browser.ctx.newPage();
    page.on('websocket', (ws) => {
      sockets.push(ws.url());
      ws.on('close', () => closes.push(ws.url()));
    });
  });

  afterAll(async () => {
    await browser?.close();
    expect(await stopServe(serve)).toEqual([]);
    rmSync(runs, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('lists the 2.5 MB run from the Runs page’s import control, and the Bridge socket stays open', async () => {
    await page.goto(tokenUrl);
    await page.waitForSelector(`${tid('connection')}[data-state="open"]`, { timeout: PAGE_TIMEOUT_MS });
    await page.click(tid('nav-runs'));
    await page.waitForSelector(tid('runs-empty'), { timeout: PAGE_TIMEOUT_MS });
    await page.setInputFiles(tid('import-input'), file);
    // The row, or the page's word on why not.
    await page.waitForSelector(`${tid(ROW)}, ${tid('runs-error')}`, { timeout: PAGE_TIMEOUT_MS });
    const refused = await page.$(tid('runs-error'));
    expect(refused && (await refused.textContent())).toBeNull();
    expect(await page.getAttribute(tid(ROW), 'data-status')).toBe('done');
    // A later request over the same socket answers: the run opens on the Live page.
    await page.click(tid(`open-${RUN_ID.slice(0, 8)}`));
    await page.waitForSelector(`${tid('phase')}[data-phase="done"]`, { timeout: PAGE_TIMEOUT_MS });
    expect(await page.getAttribute(tid('connection'), 'data-state')).toBe('open');
    expect(sockets).toHaveLength(1);
    expect(closes).toEqual([]);
  });
});
