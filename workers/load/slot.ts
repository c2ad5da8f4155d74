import { Backoff } from './backoff';
import type { OpPicker } from './picker';

/**
 * One place for an operation in flight. The loop never has more operations
 * waiting for an answer than it has free slots. A slot whose operation the
 * watchdog counted as a timeout is retired (stale) and a fresh one takes its
 * place, so a late answer reaches the retired slot and is ignored: the answer
 * handlers can then be made once per slot instead of once per operation. The
 * numbers that change per operation are not here but in the loop's state
 * table (state-table.ts).
 */
export interface Slot {
  /** Its place among the loop's slots, kept by a successor: its row in the state table starts at rowOf(i) (state-table.ts). */
  readonly i: number;
  /** Retired by a timeout: answers that still arrive for it are not counted. */
  stale: boolean;
  picker: OpPicker;
  /** The slot's answer handlers, bound by the loop once. */
  onAnswer: (result: unknown) => void;
  onError: (err: unknown) => void;
  /** Wait before this slot's next operation while the target cannot be reached. */
  backoff: Backoff;
}

const UNBOUND = (): void => {
  throw new Error('slot handlers are not bound to a loop');
};

export function makeSlots(pickers: readonly OpPicker[], count: number): Slot[] {
  return Array.from({ length: count }, (_, i) => ({
    i,
    stale: false,
    picker: pickers[Math.min(i, pickers.length - 1)],
    onAnswer: UNBOUND,
    onError: UNBOUND,
    backoff: new Backoff(),
  }));
}

/**
 * A slot to take over from one the watchdog retired: same place, picker and
 * back-off, still in flight until the loop releases it (its sent time is
 * IDLE meanwhile, so the watchdog passes it over).
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
