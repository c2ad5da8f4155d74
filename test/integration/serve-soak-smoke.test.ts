import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { descendants } from '../helpers/cli';
import { waitGone } from '../helpers/processes';

const SOAK = join(__dirname, '..', '..', 'dist', 'bench', 'serve-soak', 'main.js');
/** Half a minute of soak, a cycle every 10 s: three runs and three imports. */
const SHORT = ['--minutes', '0.5', '--run-every-seconds', '10'];
/** The soak's 30 s, serve's start and stop, and room for a slow box. */
const SOAK_TIMEOUT_MS = 55_000;
/** How often the test looks for what the bench has started, to check afterwards that all of it is gone. */
const POLL_MS = 250;
const GONE_MS = 5000;
const MACHINE = new RegExp(`^machine: \\d+ x \\S.*, ${process.platform} \\S+, node ${process.version.replace(/\./g, '\\.')}$`, 'm');

interface Soak {
  code: number | null;
  out: string;
  /** Every process seen below the bench while it ran: serve, its workers and built-in servers. */
  seen: number[];
}

/** The bench as a child; `act`, called every POLL_MS, may act on what it has printed so far (send it a signal, say). */
function runSoak(args: string[], act: (out: string, pid: number) => void = () => {}): Promise<Soak> {
  const proc = spawn(process.execPath, ['--no-memory-reducer', SOAK, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const seen = new Set<number>();
  const poll = setInterval(() => {
    for (const pid of descendants(proc.pid ?? -1)) seen.add(pid);
    act(out, proc.pid ?? -1);
  }, POLL_MS);
  const kill = setTimeout(() => proc.kill('SIGTERM'), SOAK_TIMEOUT_MS);
  const take = (d: Buffer): void => void (out += d.toString('utf8'));
  proc.stdout.on('data', take);
  proc.stderr.on('data', take);
  return new Promise((resolve) =>
    proc.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(kill);
      resolve({ code, out, seen: [...seen] });
    }),
  );
}

describe('bench:serve-soak', () => {
  it('soaks kvscope serve with runs and imports, prints RSS samples, a slope and a verdict, and leaves no process', async () => {
    const r = await runSoak(SHORT);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(MACHINE);
    expect(r.out).toMatch(/^cycle 1 at 0 s: run done, [\d,]+ ops; import ok \(\d+ KiB\), 2 runs listed; rss [\d.]+ MiB$/m);
    const runs = /^runs: (\d+) of (\d+) done; imports: (\d+) of \d+ ok$/m.exec(r.out);
    expect(Number(runs?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(runs?.[3])).toBeGreaterThanOrEqual(1);
    expect(r.out.match(/^ +\d+ +[\d.]+$/gm)?.length).toBeGreaterThanOrEqual(5);
    expect(r.out).toMatch(/^rss: start [\d.]+ MiB, end [\d.]+ MiB at \d+ s/m);
    expect(r.out).toMatch(/^slope: [+-][\d.]+ MiB\/h \(standard error [\d.]+\) by least squares over \d+ samples/m);
    // The later half of so short a soak holds two or three samples, by where the samples' jitter puts its midpoint.
    expect(r.out).toMatch(
      /^later half: ([+-][\d.]+ MiB\/h \(standard error [\d.]+\) by least squares over \d+ samples|no slope: 2 samples) from \d+ s/m,
    );
    expect(r.out).not.toMatch(/NaN/);
    // Half a minute is no trend: the verdict says so.
    expect(r.out).toMatch(/^UNRESOLVED: the later half of the steady part is \d+ s, under the 600 s a slope needs/m);
    // Serve and the workers and servers of its runs.
    expect(r.seen.length).toBeGreaterThanOrEqual(3);
    expect(await waitGone(r.seen, GONE_MS)).toEqual([]);
  });

  it('Ctrl-C mid-run stops serve and everything it started', async () => {
    let signalled = false;
    const r = await runSoak(['--minutes', '1', '--run-every-seconds', '30', '--run-seconds', '20'], (out, pid) => {
      // Once a run's workers are up: the bench is asked to stop while serve is busiest.
      if (signalled || !/^serve: pid \d+/m.test(out) || descendants(pid).length < 3) return;
      signalled = true;
      process.kill(pid, 'SIGINT');
    });
    expect(signalled, r.out).toBe(true);
    expect(r.code, r.out).toBe(130);
    expect(r.out).toContain('SIGINT: stopping every process the benchmark started');
    expect(r.seen.length).toBeGreaterThanOrEqual(3);
    expect(await waitGone(r.seen, GONE_MS)).toEqual([]);
  });
});
