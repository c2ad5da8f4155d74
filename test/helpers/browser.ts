import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../bench/ui/browser';

export { CHROMIUM };

export interface Browser {
  ctx: BrowserContext;
  close(): Promise<void>;
}

/** A headless Chromium with a fresh profile, removed on close. */
export async function launchBrowser(viewport = { width: 1400, height: 1000 }): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-chromium-'));
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, viewport, args: CHROMIUM_ARGS });
  return {
    ctx,
    close: async () => {
      await ctx.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
