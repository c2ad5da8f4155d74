/*
 * The state table: one Float64Array holding every number the loop reads or
 * writes per operation, first its own (one cache line), then a row per slot.
 * Numbers, not fields: a loop outlives many collections, and a number
 * stored in an object per operation would box a fresh heap number and mark
 * it in the old generation's remembered set; and one array is one object
 * for the answer path to reach. The loop imports this module as a
 * namespace (T.IN_FLIGHT); in the worker's bundle (workers/bundle.mjs) each
 * of these constants is written in as its number.
 */

// The loop's own numbers, in the table's first cache line.
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
/** The time an issue is decided at, for mayIssue: passed as an argument to a call TurboFan does not inline, it was boxed (a heap number per operation). */
export const NOW = 6;
/** The slot rows start on the next cache line. */
export const ROWS_FROM = 8;

// A slot's row: its numbers, from rowOf(i).
/** When latency is measured from (the start, or the intended start under a fixed rate). */
export const START = 0;
/** When the operation was actually sent, for the timeout; IDLE while nothing is in flight. */
export const SENT = 1;
/** The op in flight, as its index in the recorder's ops. */
export const OP = 2;
/** 1 while its last operation could not reach the target: the back-off starts again from its first wait on an answer. */
export const FAILING = 3;
/** Four numbers a row: two rows to a cache line. */
export const STRIDE = 4;

/** The sent time of a slot with nothing in flight: never overdue. */
export const IDLE = Infinity;

/** Where slot i's row starts in the state table. */
export const rowOf = (i: number): number => ROWS_FROM + i * STRIDE;

/** A state table for `slots` slots, every one idle. */
export function stateTable(slots: number): Float64Array {
  const t = new Float64Array(rowOf(slots));
  for (let i = 0; i < slots; i++) t[rowOf(i) + SENT] = IDLE;
  return t;
}
