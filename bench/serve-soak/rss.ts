import { readFileSync } from 'node:fs';

/** /proc/PID/status gives VmRSS in kB (KiB). */
const KIB = 1024;
const VM_RSS = /^VmRSS:\s+(\d+)\s+kB$/m;

export interface RssSample {
  /** Seconds since the soak's start. */
  second: number;
  bytes: number;
}

/** The resident set of a process as the kernel counts it, or undefined once it is gone (or not on Linux). */
export function readRss(pid: number): number | undefined {
  try {
    const m = VM_RSS.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * KIB : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads `pid`'s RSS now, every `everyMs`, and once more when stopped (the
 * end of the soak, serve still up). Read from outside,
 * so the measuring costs serve nothing: no request, no allocation of its own.
 */
export function sampleRss(pid: number, everyMs: number, t0: number): { samples: RssSample[]; stop(): void } {
  const samples: RssSample[] = [];
  const take = (): void => {
    const bytes = readRss(pid);
    if (bytes !== undefined) samples.push({ second: (Date.now() - t0) / 1000, bytes });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      take();
    },
  };
}
