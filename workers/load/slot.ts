import { Backoff } from './backoff';
import type { OpPicker } from './picker';

/**
 * One place for an operation in flight. The loop never has more operations
 * waiting for an answer than it has free slots; a slot's generation tells a
 * current answer from a late one the watchdog already counted as a timeout.
 */
export interface Slot {
  picker: OpPicker;
  busy: boolean;
  op: number;
  /** When latency is measured from: the start, or the intended start under a fixed rate. */
  start: number;
  /** When the operation was actually sent, for the timeout. */
  sent: number;
  gen: number;
  /** Wait before this slot's next operation while the target cannot be reached. */
  backoff: Backoff;
}

export function makeSlots(pickers: readonly OpPicker[], count: number): Slot[] {
  return Array.from({ length: count }, (_, i) => ({
    picker: pickers[Math.min(i, pickers.length - 1)],
    busy: false,
    op: 0,
    start: 0,
    sent: 0,
    gen: 0,
    backoff: new Backoff(),
  }));
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}
