/**
 * `npm run bench:serve-soak`: does `kvscope serve` keep its memory through a
 * long session? Serve runs as a child on loopback with a temporary runs
 * folder; every --run-every-seconds one page (a WebSocket to the Bridge, as
 * the browser's) starts a short kv-async run, watches it end, imports a run
 * file over HTTP and lists the runs. Serve's RSS is read from /proc every
 * --sample-seconds; the verdict is on its least-squares slope after the
 * warm-up (trend.ts). Every process it starts goes on every path (cleanup.ts).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installExitHandlers, onAbort, runBench } from '../cleanup';
import { machineLine } from '../machine';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../../main/exit-codes';
import { SoakBridge } from './bridge';
import { cycle, cycleLine, type CycleResult } from './cycle';
import { parseOptions, UsageError, type ServeSoakOptions } from './options';
import { mib, report } from './report';
import { sampleRss, type RssSample } from './rss';
import { startServe, type ServeChild } from './serve-child';

const print = (line: string): void => void process.stdout.write(line + '\n');
const sleepUntil = (at: number): Promise<void> => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

/** Cycles one after another from serve's start until the end of the soak; a cycle begun before the end is finished. */
async function soak(o: ServeSoakOptions, serve: ServeChild, t0: number, samples: readonly RssSample[]): Promise<CycleResult[]> {
  const bridge = await SoakBridge.connect(serve.url, serve.secret);
  const cycles: CycleResult[] = [];
  try {
    const end = t0 + o.minutes * 60_000;
    let file: string | null = null;
    for (let n = 1; ; n++) {
      const at = t0 + (n - 1) * o.runEverySeconds * 1000;
      if (at >= end) break;
      await sleepUntil(at);
      if (!serve.alive()) throw new Error(`kvscope serve exited mid-soak:\n${serve.log().trim()}`);
      const r = await cycle(bridge, n, o.runSeconds, file);
      file = r.file;
      cycles.push(r);
      const rss = samples[samples.length - 1];
      print(cycleLine(n, (at - t0) / 1000, r, rss ? mib(rss.bytes) : '?'));
    }
    await sleepUntil(end);
    if (!serve.alive()) throw new Error(`kvscope serve exited mid-soak:\n${serve.log().trim()}`);
  } finally {
    bridge.close();
  }
  return cycles;
}

async function main(): Promise<number> {
  installExitHandlers(print);
  let o: ServeSoakOptions;
  try {
    o = parseOptions(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    print(err.message);
    return EXIT_USAGE;
  }
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-serve-soak-'));
  // Registered before serve's kill, so it runs after it (newest first).
  const unregisterDir = onAbort(() => rmSync(dir, { recursive: true, force: true }));
  const [runsDir, configDir] = [join(dir, 'runs'), join(dir, 'config')];
  mkdirSync(configDir);
  print(
    `serve-soak: kvscope serve for ${o.minutes} min; a kv-async run (${o.runSeconds} s measured) and an import every ${o.runEverySeconds} s; RSS every ${o.sampleSeconds} s`,
  );
  print(machineLine());
  print(`date: ${new Date().toISOString()}`);
  const serve = await startServe(runsDir, configDir);
  const t0 = Date.now();
  const sampler = sampleRss(serve.pid, o.sampleSeconds * 1000, t0);
  print(`serve: pid ${serve.pid} at ${serve.url}`);
  let cycles: CycleResult[];
  try {
    cycles = await soak(o, serve, t0, sampler.samples);
  } finally {
    sampler.stop();
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
    unregisterDir();
  }
  print(`serve stopped after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  for (const line of report(serve.pid, sampler.samples, cycles, o.minutes * 60).lines) print(line);
  // A soak with no run or no import measured something else than it says.
  const worked = cycles.some((c) => c.runOk) && cycles.some((c) => c.importOk);
  if (!worked) print('serve-soak: no run or no import succeeded; the figures are not of a working session');
  return worked ? EXIT_OK : EXIT_FAILED;
}

runBench('bench:serve-soak', main, print);
