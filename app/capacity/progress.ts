import type { Thresholds } from '../metrics/thresholds';
import type { CapacityAnswer, StepResult } from './search';

/** What the dashboard is told of a capacity search: after each step, and once more when it has ended. */
export interface CapacityProgress {
  /** The steps' run group (null until the probe has started). */
  groupId: string | null;
  scenario: string;
  /** The objective in words: "p99 < 2 ms, errors < 0.1 %". */
  slo: string;
  /** The objective's ceilings, as the steps' thresholds (p99Ms, p999Ms, errorRate). */
  limits: Thresholds;
  probeOpsPerSec: number | null;
  steps: StepResult[];
  /** Set once the search has ended. */
  end?: {
    answer: string;
    capacity: CapacityAnswer['capacity'];
    failedAt: CapacityAnswer['failedAt'];
    ended: CapacityAnswer['ended'] | 'stopped' | 'failed';
  };
}
