import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { isUnreachable } from './connection-failure';
import { NOT_FOUND, type Driver } from './driver';
import type { OpPicker } from './picker';
import { BLOCK, recordAnswer, type Recorder } from './recorder';
import { makeSlots, successor, TimeoutError, type Slot } from './slot';
import * as T from './state-table';
import { rowOf, stateTable } from './state-table';

/** How often the fixed-rate pump checks for due operations when none is in flight. */
const PUMP_MAX_SLEEP_MS = 10;
/** The watchdog looks for overdue operations this many times per timeout period. */
const WATCH_PER_TIMEOUT = 4;
/** ...but at least this often, so a long timeout is still noticed promptly. */
const WATCH_MAX_INTERVAL_MS = 1000;

export interface LoopOptions {
  driver: Driver;
  recorder: Recorder;
  /** Pickers of the closed loop's slots, the last one for the rest (one per slot keeps a reads-per-write cycle with its slot); the open loop uses the first. */
  pickers: OpPicker[];
  inFlight: number;
  /** Fixed rate of this worker in ops/s; closed loop when undefined. */
  rate?: number;
  /** performance.now() at which the measured phase begins (operations before it are warm-up). */
  measureFrom: number;
  /** performance.now() after which no operation is started. */
  endAt: number;
  /** Operations this worker may start in the measured phase; unlimited when undefined. */
  budget?: number;
  /** An operation unanswered for this long counts as a timeout and frees its slot. */
  opTimeoutMs: number;
  /** Called on every failed operation (never on success, unavailable included), e.g. to log why. */
  onFailure?: (op: string, err: unknown, timeout: boolean) => void;
}

/**
 * The load loop. It only issues operations and records them; ticks, files and
 * printing listen elsewhere. Emits 'drained' once no operation is in flight
 * after it stopped issuing (end time, budget or stop()).
 *
 * Timeouts are one watchdog scan of the slots a few times per timeout period,
 * not a timer per operation: the hot path stays a timestamp, a histogram
 * record and a few counters. An operation that times out is counted at once
 * and its slot moves on, as a client with a command timeout would; its late
 * answer is ignored.
 *
 * An operation that could not reach the target (the driver's isUnavailable)
 * counts as unavailable, not as an error with a latency, and its slot waits
 * an exponential back-off before its next operation, so a dead server is
 * probed a few times a second per slot instead of spun on.
 *
 * Between two answers the client and the kernel push most of the L1 cache
 * out, so each cache line the answer path touches costs about a miss per
 * operation, and misses, more than instructions, are what the loop costs
 * (docs/benchmarks.md, bench:callgrind). Hence the numbers it reads and
 * writes per operation sit in two typed arrays (the state table and the
 * recorder's), not in fields of several objects.
 */
export class LoadLoop extends EventEmitter {
  // The fields the answer path reads come first: an object's first fields share its first cache lines.
  /** The state table (state-table.ts): the loop's numbers, then a row per slot. */
  private readonly t: Float64Array;
  /** The recorder's counters and buckets, held here: the answer path records into the array, not through the recorder. */
  private readonly n: Float64Array;
  private readonly driver: Driver;
  private readonly opNames: readonly string[];
  private readonly closed: boolean;
  /** When the loop stopped issuing (performance.now()): the end of the last second it covers. */
  stoppedAt: number | undefined;
  private readonly slots: Slot[];
  private nextAt = 0;
  private interval = 0;
  private timer: NodeJS.Timeout | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private drainedSent = false;
  /** Free slots of the fixed-rate loop. */
  private readonly free: Slot[] = [];
  /** Back-off waits under way; cleared on stop so they never delay the drain. */
  private readonly waiting = new Set<NodeJS.Timeout>();

  constructor(readonly o: LoopOptions) {
    super();
    this.t = stateTable(o.inFlight);
    this.n = o.recorder.n;
    this.driver = o.driver;
    this.opNames = o.recorder.ops;
    this.closed = o.rate === undefined;
    this.t[T.END_AT] = o.endAt;
    this.t[T.MEASURE_FROM] = o.measureFrom;
    this.t[T.LEFT] = o.budget ?? Infinity;
    this.slots = makeSlots(o.pickers, o.inFlight).map(this.bind);
  }

  /** Operations in flight now. */
  get inFlightNow(): number {
    return this.t[T.IN_FLIGHT];
  }

  /** Answer handlers made once per slot: no closure is allocated per operation. */
  private bind = (slot: Slot): Slot => {
    slot.onAnswer = this.closed ? (result) => this.answeredClosed(slot, result, false) : (result) => this.answered(slot, result, false);
    slot.onError = (err) => {
      if (slot.stale) return;
      if (this.driver.isNotFound?.(err))
        return this.closed ? this.answeredClosed(slot, undefined, true) : this.answered(slot, undefined, true);
      this.failed(slot, err, err instanceof TimeoutError || this.driver.isTimeout(err));
    };
    return slot;
  };

  start(): void {
    const every = Math.min(WATCH_MAX_INTERVAL_MS, Math.max(1, this.o.opTimeoutMs / WATCH_PER_TIMEOUT));
    this.watchdog = setInterval(this.watch, every);
    if (this.o.rate === undefined) {
      for (const s of this.slots) this.issueClosed(s, performance.now());
    } else {
      this.free.push(...this.slots);
      this.interval = 1000 / this.o.rate;
      this.nextAt = performance.now();
      this.pump();
    }
    this.maybeDrained();
  }

  /** Stop issuing; 'drained' follows when the operations in flight are answered. */
  stop(): void {
    this.stopAt(performance.now());
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.clearWaiting();
    this.maybeDrained();
  }

  private stopAt(now: number): void {
    if (this.t[T.STOPPED] === 0) this.stoppedAt = now;
    this.t[T.STOPPED] = 1;
  }

  /** Operations due under the fixed rate but not started because the in-flight cap was reached. */
  backlog(): number {
    // Below the cap a due operation only waits for the next timer turn; that is not backlog.
    if (this.closed || this.t[T.STOPPED] !== 0 || this.t[T.IN_FLIGHT] < this.o.inFlight) return 0;
    const now = performance.now();
    return now < this.nextAt ? 0 : Math.floor((now - this.nextAt) / this.interval) + 1;
  }

  /**
   * Whether an operation may start at the time the caller put in the
   * table's NOW (counted against the budget if so); false once stopped, by
   * the end time, the budget or stop(). The time comes through the table,
   * not as an argument: TurboFan does not inline this call, and a number
   * passed to such a call is boxed, a heap number per operation. The closed
   * loop's usual answer writes this test out (answeredClosed): keep the two
   * in step; test/unit/loop-paths.test.ts runs the same operations through
   * both and compares what they sent and counted.
   */
  private mayIssue(): boolean {
    const t = this.t;
    const now = t[T.NOW];
    if (t[T.STOPPED] === 0 && now < t[T.END_AT]) {
      if (now < t[T.MEASURE_FROM]) return true;
      if (t[T.LEFT] > 0) {
        t[T.LEFT]--;
        return true;
      }
    }
    this.refuse(now);
    return false;
  }

  /** mayIssue's refusal: the loop stops at the end time, or now when the budget is spent (once). */
  private refuse(now: number): void {
    if (this.t[T.STOPPED] === 0) this.stopAt(Math.min(now, this.t[T.END_AT]));
  }

  /**
   * The closed loop's next operation, at `now` (the previous answer's time:
   * one clock read serves both): a slot's first, and any after the general
   * path (answeredClosed starts the usual ones itself). The times go into
   * the slot's row here, so no number crosses into launch (a call not
   * inlined boxes a number it is passed: an allocation per operation). The picker advances here too:
   * inside launch it took the inlining budget that the client's own call
   * needs.
   */
  private issueClosed(slot: Slot, now: number): void {
    this.t[T.NOW] = now;
    if (!this.mayIssue()) return this.maybeDrained();
    slot.picker.advance();
    const row = rowOf(slot.i);
    this.t[row + T.START] = now;
    this.t[row + T.SENT] = now;
    this.launch(slot, row);
  }

  /** Fixed rate: start every operation whose intended time has come, measuring from that time. */
  private pump = (): void => {
    this.timer = undefined;
    let now = performance.now();
    while (this.nextAt <= now && this.free.length > 0) {
      this.t[T.NOW] = Math.max(this.nextAt, 0);
      if (!this.mayIssue()) return this.maybeDrained();
      const slot = this.free.pop()!;
      slot.picker.advance();
      const row = rowOf(slot.i);
      this.t[row + T.START] = this.nextAt;
      this.t[row + T.SENT] = now;
      this.nextAt += this.interval;
      this.launch(slot, row);
      now = performance.now();
    }
    if (this.t[T.STOPPED] !== 0) return this.maybeDrained();
    if (this.free.length > 0) {
      this.timer = setTimeout(this.pump, Math.min(PUMP_MAX_SLEEP_MS, Math.max(0, this.nextAt - now)));
    }
  };

  /** Start the slot's next operation, its picker advanced and its times in its row. */
  private launch(slot: Slot, row: number): void {
    const p = slot.picker;
    const op = p.op;
    this.t[row + T.OP] = op;
    this.t[T.IN_FLIGHT]++;
    this.driver.run(this.opNames[op], p.key()).then(slot.onAnswer, slot.onError);
  }

  /** An answer: a result, or a rejection the driver reads as a missing key (`missing`). */
  private answered(slot: Slot, result: unknown, missing: boolean): void {
    if (slot.stale) return; // already counted as a timeout
    const now = performance.now();
    const row = rowOf(slot.i);
    const t = this.t;
    // Only after a failure: one cache line fewer per answer.
    if (t[T.FAILING_SLOTS] !== 0 && t[row + T.FAILING] !== 0) {
      t[row + T.FAILING] = 0;
      t[T.FAILING_SLOTS]--;
      slot.backoff.reset();
    }
    const notFound = missing || this.driver.outcome(result) === NOT_FOUND;
    recordAnswer(this.n, t[row + T.OP] * BLOCK, (now - t[row + T.START]) * 1000, notFound);
    this.release(slot, now);
  }

  /**
   * The closed loop's answer and its slot's next operation, in one function:
   * what answered, release, resume, issueClosed, mayIssue and launch do for
   * it, written out. TurboFan did not inline all of those calls, and each
   * left has its own entry, checks and exit: machine code the answer path
   * ran, so cache lines it fetched, per operation. The slot stays in flight from one operation to the next, so
   * the count of operations in flight is not touched; anything but the
   * common case (a slot that had failed, the end, the budget spent) leaves
   * for the general path. test/unit/loop-paths.test.ts holds the two to the
   * same operations, counts and end.
   */
  private answeredClosed(slot: Slot, result: unknown, missing: boolean): void {
    if (slot.stale) return; // already counted as a timeout
    const now = performance.now();
    const row = rowOf(slot.i);
    const t = this.t;
    if (t[T.FAILING_SLOTS] !== 0) return this.answered(slot, result, missing);
    const notFound = missing || this.driver.outcome(result) === NOT_FOUND;
    recordAnswer(this.n, t[row + T.OP] * BLOCK, (now - t[row + T.START]) * 1000, notFound);
    // mayIssue's test, for the usual case: still running, and in the warm-up or within the budget.
    if (t[T.STOPPED] !== 0 || now >= t[T.END_AT] || (now >= t[T.MEASURE_FROM] && !(t[T.LEFT] > 0))) return this.release(slot, now);
    if (now >= t[T.MEASURE_FROM]) t[T.LEFT]--;
    const p = slot.picker;
    p.advance();
    const op = p.op;
    t[row + T.START] = now;
    t[row + T.SENT] = now;
    t[row + T.OP] = op;
    this.driver.run(this.opNames[op], p.key()).then(slot.onAnswer, slot.onError);
  }

  /** The driver's own timeout errors and the watchdog's both count as timeouts. */
  private failed(slot: Slot, err: unknown, timeout: boolean): void {
    const row = rowOf(slot.i);
    // Idle the moment it is counted: a watchdog scan before the release below must not count it again.
    this.t[row + T.SENT] = T.IDLE;
    const op = this.t[row + T.OP];
    const unavailable = !timeout && isUnreachable(this.driver, err);
    if (unavailable) this.o.recorder.unavailable(op);
    else this.o.recorder.fail(op, timeout);
    this.o.onFailure?.(this.opNames[op], err, timeout);
    if (unavailable) return this.backOff(slot);
    // A failure can arrive in the same turn (e.g. a closed connection):
    // yield so ticks and stop messages are never starved by a spin.
    setImmediate(() => this.release(slot));
  }

  /** The slot is free at once (nothing is in flight), but its next operation waits. */
  private backOff(slot: Slot): void {
    const row = rowOf(slot.i);
    const t = this.t;
    t[row + T.SENT] = T.IDLE;
    if (t[row + T.FAILING] === 0) {
      t[row + T.FAILING] = 1;
      t[T.FAILING_SLOTS]++;
    }
    t[T.IN_FLIGHT]--;
    if (t[T.STOPPED] !== 0) return this.maybeDrained();
    const wait = setTimeout(() => {
      this.waiting.delete(wait);
      this.resume(slot);
    }, slot.backoff.next());
    this.waiting.add(wait);
  }

  /** The slot is free; `now` is the answer's time when there is one (the closed loop's next operation starts then). */
  private release(slot: Slot, now?: number): void {
    this.t[rowOf(slot.i) + T.SENT] = T.IDLE;
    this.t[T.IN_FLIGHT]--;
    this.resume(slot, now);
  }

  /** A free slot's next step: its next operation, a place among the fixed rate's free slots, or the drain. */
  private resume(slot: Slot, now = performance.now()): void {
    if (this.t[T.STOPPED] !== 0) return this.maybeDrained();
    if (this.closed) return this.issueClosed(slot, now);
    this.free.push(slot);
    if (!this.timer) this.pump();
  }

  private clearWaiting(): void {
    for (const t of this.waiting) clearTimeout(t);
    this.waiting.clear();
  }

  private watch = (): void => {
    const limit = performance.now() - this.o.opTimeoutMs;
    for (let i = 0; i < this.slots.length; i++) {
      // An idle slot's sent time is T.IDLE: never overdue.
      if (this.t[rowOf(i) + T.SENT] > limit) continue;
      // Its answer, if it ever comes, reaches the retired slot; failed() releases the successor on the next turn.
      const next = this.bind(successor(this.slots[i]));
      this.t[rowOf(i) + T.SENT] = T.IDLE;
      this.slots[i] = next;
      this.failed(next, new TimeoutError(this.o.opTimeoutMs), true);
    }
  };

  private maybeDrained(): void {
    if (this.t[T.STOPPED] !== 0 && this.t[T.IN_FLIGHT] === 0 && !this.timer && !this.drainedSent) {
      this.drainedSent = true;
      if (this.watchdog) clearInterval(this.watchdog);
      this.clearWaiting();
      this.emit('drained');
    }
  }
}
