/**
 * Waiting before the next operation of a slot whose target could not be
 * reached. Without it a dead server is hammered at the speed of the local
 * rejection (tens of thousands of errors a second at 100 % event loop) and
 * the numbers blame the client instead of the outage.
 */

/** First wait after a connection failure: short, so a blip costs almost nothing. */
export const BACKOFF_MIN_MS = 4;
/** Longest wait: a restarted server is noticed within about a second. */
export const BACKOFF_MAX_MS = 1000;
/** Each further failure in a row multiplies the wait by this. */
export const BACKOFF_FACTOR = 2;

/** Exponential back-off of one slot: BACKOFF_MIN_MS, doubling up to BACKOFF_MAX_MS, back to the start on success. */
export class Backoff {
  private current = 0;

  /** The wait before the next attempt after one more failure. */
  next(): number {
    this.current = this.current === 0 ? BACKOFF_MIN_MS : Math.min(BACKOFF_MAX_MS, this.current * BACKOFF_FACTOR);
    return this.current;
  }

  reset(): void {
    this.current = 0;
  }

  /** Whether the last attempt failed (a wait is under way or due). */
  get active(): boolean {
    return this.current !== 0;
  }
}
