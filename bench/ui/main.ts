/**
 * `npm run bench:ui`: how the dashboard renderer copes with a one-hour run.
 * A fake Bridge serves the built renderer to headless Chromium and feeds it a
 * synthetic hour (8 workers, 2 nodes, get+put) live (a window opened
 * mid-run: catch-up through getState, then 1 sample/s) and as a replay (every
 * sample as fast as the socket takes it), and reports main-thread time per
 * update and the heap against the target. A MISS is a result, not a failure.
 */
import { launchBrowser } from './browser';
import { startFakeBridge, type FakeBridge } from './fake-bridge';
import { rendererLimits } from './limits';
import { runLive, runReplay, type ModeContext, type ModeResult } from './modes';
import { parseOptions, RUN_SECONDS, UsageError, type UiBenchOptions } from './options';
import { report } from './report';
import { defaultRendererDir, assertRendererBuilt } from '../../main/serve/defaults';
import { EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_BY_SIGNAL } from '../../main/exit-codes';

/** Everything, launches and catch-ups included, ends within this; a hung page cannot hold the bench. */
const OVERALL_TIMEOUT_MS = 30 * 60_000;
/** Closing must not hang either: after this the process exits and Playwright kills Chromium on exit. */
const CLOSE_TIMEOUT_MS = 10_000;

const print = (line: string): void => void process.stdout.write(line + '\n');

/** Whatever is open right now (the server, a browser), closed newest first on every way out. */
const open = new Set<{ close(): Promise<void> }>();

async function closeAll(): Promise<void> {
  const all = [...open].reverse();
  open.clear();
  const closing = (async () => {
    for (const c of all) await c.close().catch(() => undefined);
  })();
  await Promise.race([closing, new Promise((r) => setTimeout(r, CLOSE_TIMEOUT_MS).unref())]);
}

let exiting: Promise<never> | undefined;

/** The first way out (signal, deadline, failure) sets the exit code; later ones wait for it. */
function exitAfterClose(code: number): Promise<never> {
  return (exiting ??= closeAll().then(() => process.exit(code)));
}

async function measure(o: UiBenchOptions): Promise<void> {
  const rendererDir = defaultRendererDir();
  assertRendererBuilt(rendererDir);
  const limits = rendererLimits();
  const bridge: FakeBridge = await startFakeBridge(rendererDir, (line) => print(`  ${line}`));
  open.add(bridge);
  const ctx: ModeContext = {
    bridge,
    limits,
    launch: async () => {
      const b = await launchBrowser();
      open.add(b);
      return b;
    },
  };
  // Each mode gets its own browser, closed before the next starts, so only one page loads the machine.
  const step = async (what: string, run: () => Promise<ModeResult>): Promise<ModeResult> => {
    print(`# ${what}`);
    const before = new Set(open);
    try {
      return await run();
    } finally {
      for (const c of [...open].filter((x) => !before.has(x))) {
        open.delete(c);
        await c.close();
      }
    }
  };
  print(`# renderer: ${rendererDir}; sample cap ${limits.sampleCap}, chart points ≤ ${limits.maxChartPoints}`);
  const results: ModeResult[] = [];
  for (const w of o.windows) {
    const live = `live, window ${w}: ${RUN_SECONDS - o.liveSeconds} s caught up, then ${o.liveSeconds} s pushed at 1/s`;
    results.push(await step(live, () => runLive(ctx, w, RUN_SECONDS, o.liveSeconds)));
  }
  for (const w of o.windows) {
    const replay = `replay, window ${w}: ${o.replaySeconds} samples as fast as the socket takes them`;
    results.push(await step(replay, () => runReplay(ctx, w, o.replaySeconds)));
  }
  print('');
  print(report(results, limits, o.replaySeconds));
}

async function main(): Promise<number> {
  let o: UiBenchOptions;
  try {
    o = parseOptions(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    print(err.message);
    return EXIT_USAGE;
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      print(`\n${signal}: closing the browser and the server`);
      void exitAfterClose(EXIT_BY_SIGNAL[signal]);
    });
  }
  const deadline = setTimeout(() => {
    print(`bench:ui: gave up after ${OVERALL_TIMEOUT_MS / 60_000} min`);
    void exitAfterClose(EXIT_FAILED);
  }, OVERALL_TIMEOUT_MS);
  try {
    await measure(o);
    return EXIT_OK;
  } finally {
    clearTimeout(deadline);
    await closeAll();
  }
}

main().then(
  (code) => exitAfterClose(code),
  async (err: unknown) => {
    // After Ctrl-C the page's calls fail as the browser closes: that is the stop, not a failure.
    if (!exiting) print(`bench:ui failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    await exitAfterClose(EXIT_FAILED);
  },
);
