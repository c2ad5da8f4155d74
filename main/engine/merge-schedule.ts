/**
 * When main merges a run's seconds: as soon as something a second waits for
 * arrives (a worker's tick, a node's reading, a worker finishing or dying),
 * and at the end of a second's grace (TICK_GRACE_MS) when it still misses
 * something, rather than looking on a fixed interval that wakes main many
 * times a second to find nothing to do.
 */
export interface MergeSource {
  /** When the oldest second not yet merged is overdue (epoch ms): it is merged then without what is missing. */
  readonly overdueAt: number;
}

/** How soon a second that is past its grace but still held back (the run's last seconds wait for the monitor's final reading) is looked at again. */
export const OVERDUE_RECHECK_MS = 100;

export class MergeSchedule {
  private timer: NodeJS.Timeout | undefined;
  private armedFor = Number.NaN;
  private stopped = false;

  /** `merge` merges every second that is ready (main's flush); it is called on each arrival and at each deadline. */
  constructor(
    private readonly source: MergeSource,
    private readonly merge: () => void,
  ) {}

  /** Something a second waits for arrived: merge what is ready, and keep the timer on the next second's deadline. */
  arrived(): void {
    if (this.stopped) return;
    this.merge();
    if (this.source.overdueAt !== this.armedFor) this.arm();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.armedFor = this.source.overdueAt;
    this.timer = setTimeout(this.deadline, Math.max(0, this.armedFor - Date.now()));
  }

  private readonly deadline = (): void => {
    if (this.stopped) return;
    this.merge();
    // A second held back past its deadline is looked at again soon; otherwise the next second's deadline.
    if (this.source.overdueAt !== this.armedFor) return this.arm();
    this.timer = setTimeout(this.deadline, OVERDUE_RECHECK_MS);
  };
}
