import type { LiveSample } from '../../../../app/protocol/bridge';
import { fmtGaugePct } from '../../../../app/report/numbers';

/** One process's CPU in the latest second: kvscope's own workers on the client side, the target's processes on this machine on the other. */
export interface CpuRow {
  name: string;
  side: 'client' | 'target';
  /** Cores' worth: 1 is one core busy all second (a JVM's threads may add up to more). */
  cpu: number;
}

/** A share of one core as the tables and warnings print it: "85% of a core", "140% of a core". */
export const fmtCores = (cpu: number): string => `${fmtGaugePct(cpu)} of a core`;

/** The workers main runs on this machine (agents' workers run elsewhere), then each server process the run started here. */
export function cpuRows(s: Pick<LiveSample, 'workers' | 'machine'>): CpuRow[] {
  const rows: CpuRow[] = s.workers
    .filter((w) => w.place === undefined)
    .map((w) => ({ name: `worker ${w.id}`, side: 'client', cpu: w.cpu ?? 0 }));
  for (const srv of s.machine?.servers ?? []) rows.push({ name: srv.name, side: 'target', cpu: srv.cpu });
  return rows;
}
