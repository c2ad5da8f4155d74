import type { NodeCounters } from '../../app/metrics/node-stats';
import { everyWholeSecond } from '../../app/host/whole-seconds';

interface ReporterOptions {
  /**
   * Publish once at the start too. Cluster workers do, so the primary knows
   * every node before its first report.
   */
  immediately?: boolean;
}

/**
 * Publish `collect()` on every whole second of the clock: the edges of the
 * run's seconds (a run's t0 is a whole second), so main can put each
 * reading's counts on the seconds they belong to. Returns the function that
 * stops reporting.
 */
export function startStatsReporter(
  collect: () => NodeCounters[],
  publish: (nodes: NodeCounters[]) => void,
  { immediately = false }: ReporterOptions = {},
): () => void {
  if (immediately) publish(collect());
  // The server keeps the process alive; the reporter alone must not.
  return everyWholeSecond(() => publish(collect()), { unref: true });
}
