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
 *
 * The layout is in const enums, which the compiler writes into the loop as
 * plain numbers: exported constants were each a load from this module's
 * exports (and a check of it) on every answer, code and data that the
 * answer path fetched per operation (docs/benchmarks.md, "Twelfth session").
 */
/** The loop's own numbers, in the table's first cache line. */
export const enum Loop {
  /** Operations in flight. */
  IN_FLIGHT = 0,
  /** 1 once the loop stopped issuing. */
  STOPPED = 1,
  /** performance.now() after which no operation is started. */
  END_AT = 2,
  /** performance.now() at which the measured phase begins. */
  MEASURE_FROM = 3,
  /** Operations it may still start in the measured phase (Infinity without a budget). */
  LEFT = 4,
  /** Slots whose last operation could not reach the target: while none is, an answer need not look at its slot's flag. */
  FAILING_SLOTS = 5,
  /** The time an issue is decided at, for mayIssue: passed as an argument to a call TurboFan does not inline, it was boxed (a heap number per operation). */
  NOW = 6,
  /** The slot rows start on the next cache line. */
  ROWS_FROM = 8,
}

/** A slot's row: its numbers, from rowOf(i). */
export const enum Row {
  /** When latency is measured from (the start, or the intended start under a fixed rate). */
  START = 0,
  /** When the operation was actually sent, for the timeout; Sent.IDLE while nothing is in flight. */
  SENT = 1,
  /** The op in flight, as its index in the recorder's ops. */
  OP = 2,
  /** 1 while its last operation could not reach the target: the back-off starts again from its first wait on an answer. */
  FAILING = 3,
  /** Four numbers a row: two rows to a cache line. */
  STRIDE = 4,
}

export const enum Sent {
  /** The sent time of a slot with nothing in flight: never overdue (the largest double, as a const enum holds no Infinity). */
  IDLE = 1.7976931348623157e308,
}

/** Where slot i's row starts in the state table (the loop writes this sum out: a call of another module's function is checked per use). */
const rowOf = (i: number): number => Loop.ROWS_FROM + i * Row.STRIDE;

/** A state table for `slots` slots, every one idle. */
export function stateTable(slots: number): Float64Array {
  const t = new Float64Array(rowOf(slots));
  for (let i = 0; i < slots; i++) t[rowOf(i) + Row.SENT] = Sent.IDLE;
  return t;
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}
