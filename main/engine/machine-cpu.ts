import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import type { MachineReading, ServerCpu } from '../../app/metrics/sample';
import { processTicks, type ServerProcess } from './process-cpu';

interface CpuTimes {
  busy: number;
  total: number;
}

/** Where Linux keeps every core's time since boot; its first line adds them up. */
const PROC_STAT = '/proc/stat';
/** The first line's ten counters fit many times over; the rest of the file (every core, every interrupt) is not read. */
const FIRST_LINE_BYTES = 512;
const head = Buffer.alloc(FIRST_LINE_BYTES);

/**
 * All cores' time since boot, busy and in all, from the first line of
 * /proc/stat (clock ticks): the fields os.cpus() adds up (user, nice, system,
 * irq busy; idle; iowait and the rest left out alike), without the per-core
 * objects, model names and clock speeds it builds, which cost main half a
 * millisecond a second. Elsewhere (macOS, Windows) os.cpus(), in ms.
 */
export function readTimes(statText = readProcStat()): CpuTimes {
  const first = statText?.split('\n', 1)[0];
  if (first?.startsWith('cpu ')) {
    const f = first.slice(4).trim().split(/\s+/).map(Number);
    const [user, nice, sys, idle, , irq] = f;
    if (f.length >= 6 && f.slice(0, 6).every(Number.isFinite)) {
      const busy = user + nice + sys + irq;
      return { busy, total: busy + idle };
    }
  }
  let busy = 0;
  let total = 0;
  for (const c of cpus()) {
    const t = c.times;
    busy += t.user + t.nice + t.sys + t.irq;
    total += t.user + t.nice + t.sys + t.irq + t.idle;
  }
  return { busy, total };
}

/**
 * The start of /proc/stat: one read of its first bytes (about a third of
 * what reading the whole file costs main), the whole file when they hold no
 * complete line.
 */
function readProcStat(): string | undefined {
  try {
    const fd = openSync(PROC_STAT, 'r');
    let text: string;
    try {
      text = head.toString('latin1', 0, readSync(fd, head, 0, FIRST_LINE_BYTES, 0));
    } finally {
      closeSync(fd);
    }
    return text.includes('\n') ? text : readFileSync(PROC_STAT, 'latin1');
  } catch {
    return undefined;
  }
}

/**
 * The machine's CPU use per run second (busy share of all cores, 0..1), read
 * when each second's edge has passed, so the saturation rule can tell a load
 * box with more workers than cores that has run out of CPU, and the CPU of
 * each server process kvscope started on this machine for the target (a
 * built-in server, local members), so it can tell a machine the client shares
 * with the target. A reading taken late spans the seconds it missed, each
 * given the same shares.
 */
export class MachineCpu {
  readonly cores = availableParallelism();
  /** /proc/stat adds up every online core, which an affinity mask may hide from availableParallelism. */
  private readonly online = cpus().length || this.cores;
  private last = readTimes();
  private lastServers = new Map<number, number>();
  /** The newest second read. */
  private read = -1;
  private readonly shares = new Map<number, MachineReading>();

  constructor(
    private readonly t0: number,
    private readonly servers: () => readonly ServerProcess[] = () => [],
  ) {
    this.lastServers = this.serverTicks();
  }

  /** Called often (main's flush timer); reads the counters once a whole second has passed since the last reading. */
  mark(now: number): void {
    const ended = Math.floor((now - this.t0) / 1000) - 1;
    if (ended <= this.read) return;
    const t = readTimes();
    const ticks = this.serverTicks();
    const total = t.total - this.last.total;
    const share = total > 0 ? Math.min(1, Math.max(0, (t.busy - this.last.busy) / total)) : 0;
    const perCore = total / this.online;
    const servers: ServerCpu[] = [];
    for (const p of this.servers()) {
      const now = ticks.get(p.pid);
      const before = this.lastServers.get(p.pid);
      // A process first seen now has no interval yet; one gone has nothing to say.
      if (now === undefined || before === undefined || perCore <= 0) continue;
      servers.push({ name: p.name, cpu: Math.min(this.online, Math.max(0, (now - before) / perCore)) });
    }
    const reading: MachineReading = { cpu: share, cores: this.cores, ...(servers.length > 0 ? { servers } : {}) };
    for (let k = this.read + 1; k <= ended; k++) this.shares.set(k, reading);
    this.last = t;
    this.lastServers = ticks;
    this.read = ended;
  }

  /** Second k's reading, once; undefined when the second was not read (it was still under way). */
  take(k: number): MachineReading | undefined {
    const reading = this.shares.get(k);
    if (reading === undefined) return undefined;
    this.shares.delete(k);
    // Seconds before k were emitted already (samples come in order); drop any left behind.
    for (const s of this.shares.keys()) if (s < k) this.shares.delete(s);
    return reading;
  }

  private serverTicks(): Map<number, number> {
    const m = new Map<number, number>();
    for (const p of this.servers()) {
      const t = processTicks(p.pid);
      if (t !== undefined) m.set(p.pid, t);
    }
    return m;
  }
}
