import { Backoff } from './backoff';
import type { OpPicker } from './picker';

/**
 * One place for an operation in flight. The loop never has more operations
 * waiting for an answer than it has free slots. A slot whose operation the
 * watchdog counted as a timeout is retired (stale) and a fresh one takes its
 * place, so a late answer reaches the retired slot and is ignored: the answer
 * handlers can then be made once per slot instead of once per operation.
 */
export interface Slot {
  picker: OpPicker;
  busy: boolean;
  op: number;
  /**
   * Its place among the loop's slots, kept by a successor: where the loop
   * keeps its operation's times (Float64Arrays, not fields here: a slot
   * outlives many collections, and a time stored in one would box a fresh
   * number per operation and mark it in the old generation's remembered set).
   */
  readonly i: number;
  /** Retired by a timeout: answers that still arrive for it are not counted. */
  stale: boolean;
  /** Wait before this slot's next operation while the target cannot be reached. */
  backoff: Backoff;
  /** Its last operation could not reach the target: the back-off starts again from its first wait on an answer. */
  failing: boolean;
  /** The slot's answer handlers, bound by the loop once. */
  onAnswer: (result: unknown) => void;
  onError: (err: unknown) => void;
}

const UNBOUND = (): void => {
  throw new Error('slot handlers are not bound to a loop');
};

export function makeSlots(pickers: readonly OpPicker[], count: number): Slot[] {
  return Array.from({ length: count }, (_, i) => ({
    picker: pickers[Math.min(i, pickers.length - 1)],
    busy: false,
    op: 0,
    i,
    stale: false,
    backoff: new Backoff(),
    failing: false,
    onAnswer: UNBOUND,
    onError: UNBOUND,
  }));
}

/**
 * A slot to take over from one the watchdog retired: same place, picker and
 * back-off, still busy, not yet released (the loop sets its sent time to
 * Infinity until it issues again).
 */
export function successor(old: Slot): Slot {
  old.stale = true;
  return { ...old, stale: false, onAnswer: UNBOUND, onError: UNBOUND };
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}
