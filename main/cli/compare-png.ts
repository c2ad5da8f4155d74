import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findBrowser } from '../headless-browser';
import { RunController } from '../engine/run-controller';
import { startDashboardServer } from '../serve/server';
import { defaultRendererDir } from '../serve/defaults';

/** A desktop-sized page, so the picture is what the Compare page shows on a wide screen. */
const VIEWPORT = { width: 1400, height: 1000 };
/** Launch, load, compare and draw finish within this, or the picture fails with a clear message. */
const PNG_TIMEOUT_MS = 60_000;

interface ComparePngOptions {
  files: readonly string[];
  ids: readonly string[];
  baseline: number;
  /** The group of each file, for runs compared in groups (the first group the baseline). */
  groups?: readonly number[];
  out: string;
  browser?: string;
}

/**
 * The comparison as the window draws it, saved as a PNG: the dashboard is
 * served on a free loopback port over a folder holding links to the given
 * runs, opened in headless Chromium at its compare link, and the page's own
 * PNG export is saved. Server, browser and folder go on every path.
 */
export async function comparePng(o: ComparePngOptions): Promise<void> {
  const executablePath = findBrowser(o.browser);
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-png-'));
  try {
    for (const f of o.files) symlinkSync(resolve(f), join(dir, basename(f)));
    const controller = new RunController(dir);
    const server = await startDashboardServer({
      host: '127.0.0.1',
      port: 0,
      rendererDir: defaultRendererDir(),
      controller,
      log: () => undefined,
    });
    try {
      const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: PNG_TIMEOUT_MS });
      try {
        const page = await browser.newPage({ viewport: VIEWPORT, acceptDownloads: true });
        // The address with the token: the page trades it for its cookie, the redirect keeps the fragment.
        await page.goto(
          `${server.tokenUrl}#compare=${o.files.map((f) => encodeURIComponent(basename(f))).join(',')}&baseline=${o.baseline}${o.groups ? `&groups=${o.groups.join(',')}` : ''}`,
          { timeout: PNG_TIMEOUT_MS },
        );
        await page.waitForSelector('[data-testid="compare-throughput"]', { timeout: PNG_TIMEOUT_MS });
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: PNG_TIMEOUT_MS }),
          page.click('[data-testid="export-png"]'),
        ]);
        await download.saveAs(o.out);
      } finally {
        await browser.close();
      }
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
