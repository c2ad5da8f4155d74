import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { descendants, readProc } from '../../bench/cpu/proc';
import { cpuBetween, snapshotKvscope } from '../../bench/cpu/meter';
import { cpuVerdict, type CpuRound } from '../../bench/cpu/verdict';
import type { KvscopeResult } from '../../bench/run-kvscope';

/** The kernel counts CPU time in clock ticks (10 ms): two readings may each be a tick off. */
const TICK_SLACK_US = 25_000;
const BURN_US = 300_000;
/** Main's own reading is exact: what is left beside the burn is a handful of calls. */
const MAIN_SLACK_US = 2_000;
/** Windows of main's reading, each a burn of MAIN_BURN_US. */
const MAIN_WINDOWS = 5;
const MAIN_BURN_US = 100_000;

/** Spin until this process has spent `us` more CPU time (a count of work, not of wall time). */
function burn(us: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const d = process.cpuUsage(start);
    if (d.user + d.system >= us) return;
  }
}

// A child that burns CPU when asked and reports its own CPU time; its path decides the role the meter gives it.
const CHILD = `
const burn = (us) => { const s = process.cpuUsage(); for (;;) { const d = process.cpuUsage(s); if (d.user + d.system >= us) return; } };
process.on('message', (m) => {
  if (m.burn) burn(m.burn);
  const c = process.cpuUsage();
  process.send({ cpuUs: c.user + c.system });
  if (m.exit) setTimeout(() => process.exit(0), m.exitAfterMs ?? 0);
});`;

const dir = mkdtempSync(join(tmpdir(), 'kvscope-cpu-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function child(rel: string): ChildProcess {
  const file = join(dir, rel);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, CHILD);
  const c = fork(file, [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  children.push(c);
  return c;
}

const ask = (c: ChildProcess, m: object): Promise<number> =>
  new Promise((resolve) => {
    c.once('message', (r) => resolve((r as { cpuUs: number }).cpuUs));
    c.send(m);
  });

describe('CPU time from /proc (bench/cpu)', () => {
  it("reads this process's CPU time as the kernel counts it", () => {
    const before = readProc(process.pid)!;
    const own = process.cpuUsage();
    burn(BURN_US);
    const after = readProc(process.pid)!;
    const d = process.cpuUsage(own);
    expect(after.cpuUs - before.cpuUs).toBeGreaterThan(d.user + d.system - TICK_SLACK_US);
    expect(after.cpuUs - before.cpuUs).toBeLessThan(d.user + d.system + TICK_SLACK_US);
    expect(readProc(2 ** 30)).toBeUndefined();
  });

  it("charges a worker's CPU time to 'workers' and leaves processes that are not kvscope's out", async () => {
    const worker = child('dist/workers/load/worker.js');
    const other = child('dist/elsewhere/server.js');
    const start0 = await ask(worker, {});
    await ask(other, {});
    expect(descendants(process.pid).map((p) => p.pid)).toEqual(expect.arrayContaining([worker.pid, other.pid]));
    const from = snapshotKvscope();
    expect(from.procs.get(worker.pid!)?.role).toBe('workers');
    expect(from.procs.get(other.pid!)?.role).toBeUndefined();
    // Main is read apart, around the scan (below).
    expect(from.procs.has(process.pid)).toBe(false);
    const end0 = await ask(worker, { burn: BURN_US });
    await ask(other, { burn: BURN_US });
    const to = snapshotKvscope();
    const { byRole, ended } = cpuBetween(from, to);
    expect(ended).toBe(0);
    // The worker's own count of its CPU time between the snapshots, give or take the ticks.
    expect(byRole.workers).toBeGreaterThan(end0 - start0 - 2 * TICK_SLACK_US);
    expect(byRole.workers).toBeLessThan(end0 - start0 + 2 * TICK_SLACK_US);
    expect(byRole.monitor).toBe(0);
    expect(byRole.keepers).toBe(0);
  });

  it("charges main with its time between the snapshots, to the microsecond, and not the snapshots' own reading of /proc", async () => {
    // Children to scan, so each snapshot costs main a measurable time of its own.
    for (let i = 0; i < 4; i++) await ask(child(`dist/elsewhere/idle-${i}.js`), {});
    // process.cpuUsage counts every thread of this process, and a collector's or vitest's thread may run beside the
    // burn now and then: the least excess of a few windows is the meter's own, where a scan charged would be in each.
    const windows = Array.from({ length: MAIN_WINDOWS }, () => {
      const spent = process.cpuUsage();
      const from = snapshotKvscope();
      burn(MAIN_BURN_US);
      const to = snapshotKvscope();
      const all = process.cpuUsage(spent);
      const main = cpuBetween(from, to).byRole.main;
      return { excess: main - MAIN_BURN_US, oneScan: to.main.after - to.main.before, besides: all.user + all.system - main };
    });
    const oneScan = Math.min(...windows.map((w) => w.oneScan));
    expect(oneScan).toBeGreaterThan(0);
    for (const w of windows) expect(w.excess).toBeGreaterThanOrEqual(0);
    // The burn and the few calls around it, to the microsecond: neither a clock tick's 10 ms nor half a scan more.
    expect(Math.min(...windows.map((w) => w.excess))).toBeLessThan(Math.min(MAIN_SLACK_US, oneScan / 2));
    // Main spent the two scans besides, in every window.
    for (const w of windows) expect(w.besides).toBeGreaterThan(oneScan);
  });

  it('charges a process that ended between the snapshots with its time in the window, from what main reaped', async () => {
    const monitor = child('dist/workers/monitor/main.js');
    const before = await ask(monitor, {});
    const from = snapshotKvscope();
    expect(from.procs.get(monitor.pid!)?.role).toBe('monitor');
    const exited = new Promise((r) => monitor.once('exit', r));
    const atExit = await ask(monitor, { burn: BURN_US, exit: true });
    await exited;
    const { byRole, ended } = cpuBetween(from, snapshotKvscope());
    expect(ended).toBe(1);
    // Its own count in the window, give or take the ticks and its last milliseconds of shutdown.
    expect(byRole.monitor).toBeGreaterThan(atExit - before - 2 * TICK_SLACK_US);
    expect(byRole.monitor).toBeLessThan(atExit - before + 4 * TICK_SLACK_US);
  });
});

/** The process's state letter from /proc/PID/stat ('Z': exited, not yet reaped by its parent). */
function stateOf(pid: number): string | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

describe('CPU time of a worker that exited just before the last reading', () => {
  it('counts an exited child not yet reaped (no command line any more) by its role in the first reading', async () => {
    const worker = child('dist/workers/load/worker.js');
    const before = await ask(worker, {});
    const from = snapshotKvscope();
    const atExit = await ask(worker, { burn: BURN_US, exit: true, exitAfterMs: 100 });
    // Synchronously, so this process cannot reap it in between: wait until it is a zombie, then read.
    const until = Date.now() + 5_000;
    while (stateOf(worker.pid!) !== 'Z' && Date.now() < until);
    expect(stateOf(worker.pid!)).toBe('Z');
    const to = snapshotKvscope();
    const { byRole } = cpuBetween(from, to);
    expect(byRole.workers).toBeGreaterThan(atExit - before - 2 * TICK_SLACK_US);
    expect(byRole.workers).toBeLessThan(atExit - before + 4 * TICK_SLACK_US);
  });
});

describe('the CPU verdict', () => {
  const kv = (cpuUsPerOp: number, mainShare: number): KvscopeResult => {
    const ops = 1_000_000;
    const workers = (cpuUsPerOp * ops) / (1 + mainShare);
    return {
      opsPerSec: 1,
      errors: 0,
      seconds: 10,
      elu: 1,
      ops,
      cpu: { workers, main: workers * mainShare, monitor: 0, keepers: 0, agents: 0 },
      cpuUsPerOp,
      peakWorkerRss: 0,
    };
  };
  const round = (k: number, b: number, share = 0.01): CpuRound => ({
    kvscope: kv(k, share),
    bare: { ops: 1_000_000, cpuUs: b * 1_000_000 },
  });

  it('judges the per-round CPU ratios against 3 %, printing their median and spread', () => {
    const pass = cpuVerdict('x', [round(10.2, 10), round(10.1, 10), round(10, 10)]);
    expect(pass.pass).toBe(true);
    expect(pass.lines.join('\n')).toMatch(
      /CPU per op kvscope \/ bare = 1\.010 .*spread 1\.000 to 1\.020; 3 of 3 within the target, a pass needs three quarters\)/,
    );
    // The same median, but one round of three at 1.09: not a pass.
    const wide = cpuVerdict('x', [round(10.1, 10), round(10.9, 10), round(10, 10)]);
    expect(wide.pass).toBe(false);
    expect(wide.lines.join('\n')).toMatch(/^UNRESOLVED: x kvscope costs 1\.0% more/m);
    expect(wide.lines.join('\n')).toMatch(/; 2 of 3 within the target, /);
    const miss = cpuVerdict('x', [round(10.4, 10), round(10.5, 10), round(10.35, 10)]);
    expect(miss.pass).toBe(false);
    expect(miss.lines.join('\n')).toMatch(/MISS: x kvscope costs 4\.0% more CPU per operation/);
  });

  it('fails when main and the monitor take 2 % of the workers or more', () => {
    const v = cpuVerdict('x', [round(10, 10, 0.025), round(10, 10, 0.03), round(10, 10, 0.02)]);
    expect(v.pass).toBe(false);
    expect(v.lines.join('\n')).toMatch(/MISS: x main \+ monitor 2\.50% of the workers/);
  });
});
