// Takes docs/live.png: the Live view of a built-in scenario, about 15 s into its run.
//
//   npm run build            # once, if dist/ is missing
//   node docs/screenshot.mjs [scenario] [seconds]
//
// It starts `kvscope serve` on a free port of 127.0.0.1 with a throw-away runs
// folder, drives Debian's Chromium (/usr/bin/chromium) headless through
// playwright-core, and stops the run, the server and the browser at the end.
// Not part of the test suite.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scenario = process.argv[2] ?? 'kv-cluster';
const waitSeconds = Number(process.argv[3] ?? 15);
const out = join(root, 'docs', 'live.png');
// The same browser and flags `kvscope compare --png` uses (built by npm run build).
const { CHROMIUM_ARGS: ARGS, findBrowser } = createRequire(import.meta.url)(join(root, 'dist', 'main', 'headless-browser.js'));
const CHROMIUM = findBrowser(undefined);
const tid = (id) => `[data-testid="${id}"]`;

function startServe(runsDir) {
  const proc = spawn(process.execPath, [join(root, 'bin', 'kvscope.js'), 'serve', '--port', '0', '--runs-dir', runsDir], {
    env: { ...process.env, KVSCOPE_NO_OPEN: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  const url = new Promise((resolve, reject) => {
    const onData = (d) => {
      text += d;
      const m = /kvscope dashboard: (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)/.exec(text);
      if (m) resolve(m[1]);
    };
    proc.stdout.setEncoding('utf8').on('data', onData);
    proc.stderr.setEncoding('utf8').on('data', onData);
    proc.on('exit', () => reject(new Error(`kvscope serve exited:\n${text}`)));
    setTimeout(() => reject(new Error(`no address printed in 20 s:\n${text}`)), 20_000).unref();
  });
  return { proc, url, exited };
}

const runsDir = mkdtempSync(join(tmpdir(), 'kvscope-screenshot-runs-'));
const profile = mkdtempSync(join(tmpdir(), 'kvscope-screenshot-chromium-'));
const serve = startServe(runsDir);
let ctx;
try {
  const url = await serve.url;
  ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ARGS,
  });
  const page = await ctx.newPage();
  await page.goto(url);
  await page.click(tid(`scenario-card-${scenario}`));
  await page.fill(tid('field-durationSeconds'), String(waitSeconds + 30));
  await page.fill(tid('field-warmupSeconds'), '2');
  await page.click(tid('start-button'));
  await page.waitForSelector(`${tid('phase')}[data-phase="running"]`, { timeout: 40_000 });
  await page.waitForTimeout(waitSeconds * 1000);
  await page.screenshot({ path: out });
  console.log(`wrote ${out} (${Math.round(statSync(out).size / 1024)} KiB)`);
  await page.click(tid('stop-button'));
  await page.waitForSelector(`${tid('phase')}[data-phase="stopped"]`, { timeout: 40_000 });
} finally {
  await ctx?.close();
  if (serve.proc.exitCode === null) {
    serve.proc.kill('SIGINT');
    await serve.exited;
  }
  rmSync(profile, { recursive: true, force: true });
  rmSync(runsDir, { recursive: true, force: true });
}
