import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

/** Debian's Chromium, as the e2e tests use. */
export const CHROMIUM = '/usr/bin/chromium';
/** One list of flags for every headless Chromium kvscope starts (tests, benches, `compare --png`). */
export { CHROMIUM_ARGS } from '../../main/headless-browser';
import { CHROMIUM_ARGS } from '../../main/headless-browser';
/** A desktop-sized window, so the charts have a realistic number of pixels to draw. */
const VIEWPORT = { width: 1400, height: 1000 };
const LAUNCH_TIMEOUT_MS = 30_000;
const BYTES_PER_MIB = 1024 * 1024;

export interface Browser {
  page: Page;
  cdp: CDPSession;
  close(): Promise<void>;
}

/**
 * A fresh headless Chromium (fresh profile) per mode, so neither mode's heap
 * or caches leak into the other's figures. Signals are ours to handle: main
 * closes the browser on Ctrl-C in order, and Playwright still kills it on exit.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-ui-bench-'));
  let ctx: BrowserContext | undefined;
  try {
    ctx = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: VIEWPORT,
      args: CHROMIUM_ARGS,
      timeout: LAUNCH_TIMEOUT_MS,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    await cdp.send('HeapProfiler.enable');
    const opened = ctx;
    return {
      page,
      cdp,
      close: async () => {
        await opened.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await ctx?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Live JS heap after a full collection: what the page really holds, not garbage waiting for GC. */
export async function heapMiB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize');
  if (!used) throw new Error('Performance.getMetrics gave no JSHeapUsedSize');
  return used.value / BYTES_PER_MIB;
}
