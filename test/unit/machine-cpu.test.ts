import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { describe, expect, it } from 'vitest';
import { MachineCpu, readTimes } from '../../main/engine/machine-cpu';
import { processTicks } from '../../main/engine/process-cpu';

describe("the machine's CPU per run second", () => {
  it('is read once a second has ended, each missed second given the reading, and handed out once', () => {
    const t0 = Date.now();
    const m = new MachineCpu(t0);
    m.mark(t0 + 500);
    expect(m.take(0)).toBeUndefined();
    // Keep a core busy so the share is above zero.
    const until = Date.now() + 50;
    while (Date.now() < until);
    m.mark(t0 + 3_100);
    const one = m.take(1);
    expect(one?.cores).toBe(availableParallelism());
    expect(one?.cpu).toBeGreaterThan(0);
    expect(one?.cpu).toBeLessThanOrEqual(1);
    expect(m.take(2)?.cpu).toBe(one?.cpu);
    // Samples come in order: second 0, left behind, went with the later take.
    expect(m.take(0)).toBeUndefined();
    expect(m.take(2)).toBeUndefined();
    // Nothing new until another second has ended.
    m.mark(t0 + 3_900);
    expect(m.take(3)).toBeUndefined();
  });
});

describe("the machine's CPU time since boot", () => {
  it("adds up /proc/stat's first line as os.cpus() does: user, nice, system and irq busy, idle besides", () => {
    const stat = 'cpu  100 20 30 400 50 6 7 8 0 0\ncpu0 50 10 15 200 25 3 3 4 0 0\nintr 1 2 3\n';
    expect(readTimes(stat)).toEqual({ busy: 156, total: 556 });
    // A file of that one line, without its newline, reads the same (no digit dropped).
    expect(readTimes('cpu  100 20 30 400 50 6')).toEqual({ busy: 156, total: 556 });
  });

  it("falls back to os.cpus() where there is no /proc/stat or its first line is not the machine's", () => {
    const own = (): { busy: number; total: number } => {
      let busy = 0;
      let total = 0;
      for (const c of cpus()) {
        busy += c.times.user + c.times.nice + c.times.sys + c.times.irq;
        total += c.times.user + c.times.nice + c.times.sys + c.times.irq + c.times.idle;
      }
      return { busy, total };
    };
    for (const text of ['', 'intr 1 2\n', 'cpu  1 2 x 4 5 6\n']) {
      const before = own();
      const t = readTimes(text);
      const after = own();
      expect(t.total).toBeGreaterThanOrEqual(before.total);
      expect(t.total).toBeLessThanOrEqual(after.total);
    }
  });

  it("reads this machine's /proc/stat in the same proportion as os.cpus() (busy share of the time since boot)", () => {
    const mine = readTimes();
    const theirs = readTimes('');
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.busy / mine.total).toBeCloseTo(theirs.busy / theirs.total, 2);
    // Read from /proc/stat, not the fallback: its clock ticks (a hundredth of a second) against os.cpus()'s milliseconds.
    expect(mine.total).toBeLessThan(theirs.total / 5);
    expect(mine.total).toBeGreaterThan(theirs.total / 20);
  });
});

describe("the CPU of the target's processes on this machine", () => {
  /** A node child that spins (or sleeps) for a bounded time; it says when it has started. */
  function child(busy: boolean): Promise<ChildProcess> {
    const body = busy
      ? 'process.stdout.write("up"); const end = Date.now() + 4000; while (Date.now() < end);'
      : 'process.stdout.write("up"); setTimeout(() => {}, 4000);';
    const c = spawn(process.execPath, ['-e', body], { stdio: ['ignore', 'pipe', 'ignore'] });
    return new Promise((resolve, reject) => {
      c.stdout?.once('data', () => resolve(c));
      c.once('error', reject);
    });
  }

  it('gives each server process its share of a core, second by second, beside the machine', async () => {
    const kids: ChildProcess[] = [];
    try {
      kids.push(await child(true), await child(false));
      const [spin, sleep] = kids;
      const t0 = Date.now();
      const m = new MachineCpu(t0, () => [
        { name: 'member 1', pid: spin.pid! },
        { name: 'member 2', pid: sleep.pid! },
        // Gone, or never there: nothing to say of it.
        { name: 'member 3', pid: 2 ** 22 + 1 },
      ]);
      await new Promise((r) => setTimeout(r, 1000));
      m.mark(t0 + 2_000);
      const reading = m.take(0);
      const byName = Object.fromEntries((reading?.servers ?? []).map((s) => [s.name, s.cpu]));
      expect(Object.keys(byName)).toEqual(['member 1', 'member 2']);
      // A spinning process is near one core's worth, a sleeping one near none, however busy the neighbours.
      expect(byName['member 1']).toBeGreaterThan(0.3);
      expect(byName['member 1']).toBeLessThanOrEqual(1.2);
      expect(byName['member 2']).toBeLessThan(0.1);
      expect(reading?.cpu).toBeGreaterThan(0);
    } finally {
      for (const k of kids) k.kill('SIGKILL');
    }
  });

  it('reads a process whose name holds spaces and parentheses, and none where there is no such process', () => {
    // Fields after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
    const stat = '4242 (a) b (c)) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 37 0 0 20 0 1 0 100 1000 10';
    expect(processTicks(4242, stat)).toBe(287);
    expect(processTicks(4242, 'garbage')).toBeUndefined();
    expect(processTicks(2 ** 22 + 1)).toBeUndefined();
    expect(processTicks(process.pid)).toBeGreaterThan(0);
  });
});
