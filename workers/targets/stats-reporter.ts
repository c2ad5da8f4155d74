import type { NodeCounters } from '../../app/metrics/node-stats';

/** Main merges node stats into one sample per second, so they arrive at that pace. */
const STATS_INTERVAL_MS = 1000;

interface ReporterOptions {
  /**
   * Publish once at the start too. Cluster workers do, so the primary knows
   * every node before its first report; reports to main wait a full interval,
   * so none can arrive before 'ready'.
   */
  immediately?: boolean;
  intervalMs?: number;
}

/** Publish `collect()` every interval; returns the function that stops reporting. */
export function startStatsReporter(
  collect: () => NodeCounters[],
  publish: (nodes: NodeCounters[]) => void,
  { immediately = false, intervalMs = STATS_INTERVAL_MS }: ReporterOptions = {},
): () => void {
  if (immediately) publish(collect());
  const timer = setInterval(() => publish(collect()), intervalMs);
  // The server keeps the process alive; the reporter alone must not.
  timer.unref();
  return () => clearInterval(timer);
}
