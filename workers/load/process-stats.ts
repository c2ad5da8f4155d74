import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { Memory } from '../../app/metrics/tick';

interface ProcessStats {
  mem: Memory;
  /** Event-loop utilisation since the previous reading, 0..1. */
  elu: number;
  /** CPU time since the previous reading as a share of one core. */
  cpu: number;
}

/** Reads this process's memory, event-loop utilisation and CPU as deltas between calls. */
export class ProcessStatsReader {
  private elu: EventLoopUtilization = performance.eventLoopUtilization();
  private cpu = process.cpuUsage();
  private at = performance.now();

  read(): ProcessStats {
    const m = process.memoryUsage();
    const eluNow = performance.eventLoopUtilization();
    const delta = performance.eventLoopUtilization(eluNow, this.elu);
    const cpuDelta = process.cpuUsage(this.cpu);
    const now = performance.now();
    const wallUs = Math.max(1, (now - this.at) * 1000);
    this.elu = eluNow;
    this.cpu = process.cpuUsage();
    this.at = now;
    return {
      mem: { rss: m.rss, heapUsed: m.heapUsed, external: m.external },
      elu: Math.min(1, Math.max(0, delta.utilization)),
      cpu: (cpuDelta.user + cpuDelta.system) / wallUs,
    };
  }
}
