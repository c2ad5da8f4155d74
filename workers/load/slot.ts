import { Backoff } from './backoff';
import type { OpPicker } from './picker';

/**
 * One place for an operation in flight. The loop never has more operations
 * waiting for an answer than it has free slots. A slot whose operation the
 * watchdog counted as a timeout is retired (stale) and a fresh one takes its
 * place, so a late answer reaches the retired slot and is ignored: the answer
 * handlers can then be made once per slot instead of once per operation. The
 * numbers that change per operation are not here but in the loop's state
 * table (below).
 */
export interface Slot {
  /** Its place among the loop's slots, kept by a successor: its row in the state table starts at rowOf(i). */
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

/*
 * The state table: one Float64Array holding every number the loop reads or
 * writes per operation, first its own (one cache line), then a row per slot.
 * Numbers, not fields: a loop outlives many collections, and a number
 * stored in an object per operation would box a fresh heap number and mark
 * it in the old generation's remembered set; and one array is one object
 * for the answer path to reach.
 */
/** Operations in flight. */
export const IN_FLIGHT = 0;
/** 1 once the loop stopped issuing. */
export const STOPPED = 1;
/** performance.now() after which no operation is started. */
export const END_AT = 2;
/** performance.now() at which the measured phase begins. */
export const MEASURE_FROM = 3;
/** Operations it may still start in the measured phase (Infinity without a budget). */
export const LEFT = 4;
/** Slots whose last operation could not reach the target: while none is, an answer need not look at its slot's flag. */
export const FAILING_SLOTS = 5;
/** The slot rows start on the next cache line. */
const ROWS_FROM = 8;

/** A row: when latency is measured from (the start, or the intended start under a fixed rate). */
export const SLOT_START = 0;
/** When the operation was actually sent, for the timeout; IDLE while nothing is in flight. */
export const SLOT_SENT = 1;
/** The op in flight, as its index in the recorder's ops. */
export const SLOT_OP = 2;
/** 1 while its last operation could not reach the target: the back-off starts again from its first wait on an answer. */
export const SLOT_FAILING = 3;
/** Four numbers a row: two rows to a cache line. */
const SLOT_STRIDE = 4;
/** The sent time of a slot with nothing in flight: never overdue. */
export const IDLE = Infinity;

/** Where slot i's row starts in the state table. */
export const rowOf = (i: number): number => ROWS_FROM + i * SLOT_STRIDE;

/** A state table for `slots` slots, every one idle. */
export function stateTable(slots: number): Float64Array {
  const t = new Float64Array(rowOf(slots));
  for (let i = 0; i < slots; i++) t[rowOf(i) + SLOT_SENT] = IDLE;
  return t;
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}
