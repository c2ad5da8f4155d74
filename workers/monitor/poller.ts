import type { NodeCounters } from '../../app/metrics/node-stats';

/** Reads every node's cumulative counters of one kind of cluster. */
export interface Poller {
  connect(): Promise<void>;
  poll(): Promise<NodeCounters[]>;
  close(): void;
}
