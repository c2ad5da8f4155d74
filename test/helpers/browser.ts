import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium; the tests fail, never skip, when it is missing (.ci/run installs it). */
export const CHROMIUM = '/usr/bin/chromium';

/** Flags that keep Chromium off the (closed) network and quiet in a sandboxless container. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  ctx: BrowserContext;
  close(): Promise<void>;
}

/** A headless Chromium with a fresh profile, removed on close. */
export async function launchBrowser(viewport = { width: 1400, height: 1000 }): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-chromium-'));
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, viewport, args: ARGS });
  return {
    ctx,
    close: async () => {
      await ctx.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
