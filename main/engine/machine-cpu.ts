import { availableParallelism, cpus } from 'node:os';

interface CpuTimes {
  busy: number;
  total: number;
}

/** All cores' time since boot (ms), busy and in all. */
function readTimes(): CpuTimes {
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
 * The machine's CPU use per run second (busy share of all cores, 0..1), read
 * when each second's edge has passed, so the saturation rule can tell a load
 * box with more workers than cores that has run out of CPU. A reading taken
 * late spans the seconds it missed, each given the same share.
 */
export class MachineCpu {
  readonly cores = availableParallelism();
  private last = readTimes();
  /** The newest second read. */
  private read = -1;
  private readonly shares = new Map<number, number>();

  constructor(private readonly t0: number) {}

  /** Called often (main's flush timer); reads the counters once a whole second has passed since the last reading. */
  mark(now: number): void {
    const ended = Math.floor((now - this.t0) / 1000) - 1;
    if (ended <= this.read) return;
    const t = readTimes();
    const total = t.total - this.last.total;
    const share = total > 0 ? Math.min(1, Math.max(0, (t.busy - this.last.busy) / total)) : 0;
    for (let k = this.read + 1; k <= ended; k++) this.shares.set(k, share);
    this.last = t;
    this.read = ended;
  }

  /** Second k's reading, once; undefined when the second was not read (it was still under way). */
  take(k: number): { cpu: number; cores: number } | undefined {
    const cpu = this.shares.get(k);
    if (cpu === undefined) return undefined;
    this.shares.delete(k);
    // Seconds before k were emitted already (samples come in order); drop any left behind.
    for (const s of this.shares.keys()) if (s < k) this.shares.delete(s);
    return { cpu, cores: this.cores };
  }
}
