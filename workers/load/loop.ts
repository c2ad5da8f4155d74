import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { isUnreachable } from './connection-failure';
import { NOT_FOUND, type Driver } from './driver';
import type { OpPicker } from './picker';
import type { Recorder } from './recorder';
import { makeSlots, successor, TimeoutError, type Slot } from './slot';

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
 */
export class LoadLoop extends EventEmitter {
  inFlightNow = 0;
  private stopped = false;
  /** When the loop stopped issuing (performance.now()): the end of the last second it covers. */
  stoppedAt: number | undefined;
  private issuedMeasured = 0;
  private nextAt = 0;
  private interval = 0;
  private timer: NodeJS.Timeout | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private drainedSent = false;
  private readonly slots: Slot[];
  /**
   * Per slot place (slot.i), side by side in one cache line: at 2i when latency
   * is measured from (the start, or the intended start under a fixed rate), at
   * 2i + 1 when the operation was actually sent, for the timeout.
   */
  private readonly times: Float64Array;
  /** The options the answer path reads, held on the loop itself: one object fewer touched per operation. */
  private readonly driver: Driver;
  private readonly recorder: Recorder;
  private readonly opNames: readonly string[];
  private readonly closed: boolean;
  private readonly endAt: number;
  private readonly measureFrom: number;
  /** Operations it may start in the measured phase, if `budgeted` (a flag, not a test of a boxed number per operation). */
  private readonly budget: number;
  private readonly budgeted: boolean;
  /** Free slots of the fixed-rate loop. */
  private readonly free: Slot[] = [];
  /** Back-off waits under way; cleared on stop so they never delay the drain. */
  private readonly waiting = new Set<NodeJS.Timeout>();

  constructor(readonly o: LoopOptions) {
    super();
    this.driver = o.driver;
    this.recorder = o.recorder;
    this.opNames = o.recorder.ops;
    this.closed = o.rate === undefined;
    this.endAt = o.endAt;
    this.measureFrom = o.measureFrom;
    this.budget = o.budget ?? 0;
    this.budgeted = o.budget !== undefined;
    this.slots = makeSlots(o.pickers, o.inFlight).map(this.bind);
    this.times = new Float64Array(2 * this.slots.length);
  }

  /** Answer handlers made once per slot: no closure is allocated per operation. */
  private bind = (slot: Slot): Slot => {
    slot.onAnswer = (result) => this.answered(slot, result);
    slot.onError = (err) => {
      if (slot.stale) return;
      if (this.driver.isNotFound?.(err)) return this.answered(slot, undefined, true);
      this.failed(slot, err, err instanceof TimeoutError || this.driver.isTimeout(err));
    };
    return slot;
  };

  start(): void {
    const every = Math.min(WATCH_MAX_INTERVAL_MS, Math.max(1, this.o.opTimeoutMs / WATCH_PER_TIMEOUT));
    this.watchdog = setInterval(this.watch, every);
    if (this.o.rate === undefined) {
      for (const s of this.slots) this.issueClosed(s);
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
    if (!this.stopped) this.stoppedAt = now;
    this.stopped = true;
  }

  /** Operations due under the fixed rate but not started because the in-flight cap was reached. */
  backlog(): number {
    // Below the cap a due operation only waits for the next timer turn; that is not backlog.
    if (this.o.rate === undefined || this.stopped || this.inFlightNow < this.o.inFlight) return 0;
    const now = performance.now();
    return now < this.nextAt ? 0 : Math.floor((now - this.nextAt) / this.interval) + 1;
  }

  private mayIssue(now: number): boolean {
    if (this.stopped) return false;
    if (now >= this.endAt) {
      this.stopAt(Math.min(now, this.endAt));
      return false;
    }
    if (this.budgeted && now >= this.measureFrom) {
      if (this.issuedMeasured >= this.budget) {
        this.stopAt(now);
        return false;
      }
      this.issuedMeasured++;
    }
    return true;
  }

  /** `now` may be the previous answer's time: the closed loop issues at once, so one clock read serves both. */
  private issueClosed = (slot: Slot, now = performance.now()): void => {
    if (!this.mayIssue(now)) return this.maybeDrained();
    slot.picker.advance();
    this.launch(slot, now, now);
  };

  /** Fixed rate: start every operation whose intended time has come, measuring from that time. */
  private pump = (): void => {
    this.timer = undefined;
    let now = performance.now();
    while (this.nextAt <= now && this.free.length > 0) {
      if (!this.mayIssue(Math.max(this.nextAt, 0))) return this.maybeDrained();
      const slot = this.free.pop()!;
      slot.picker.advance();
      const intended = this.nextAt;
      this.nextAt += this.interval;
      this.launch(slot, intended, now);
      now = performance.now();
    }
    if (this.stopped) return this.maybeDrained();
    if (this.free.length > 0) {
      this.timer = setTimeout(this.pump, Math.min(PUMP_MAX_SLEEP_MS, Math.max(0, this.nextAt - now)));
    }
  };

  private launch(slot: Slot, start: number, sent: number): void {
    const op = slot.picker.op;
    slot.busy = true;
    slot.op = op;
    this.times[2 * slot.i] = start;
    this.times[2 * slot.i + 1] = sent;
    this.inFlightNow++;
    const p = slot.picker;
    this.driver.run(this.opNames[op], p.key(), p.index).then(slot.onAnswer, slot.onError);
  }

  /** An answer: a result, or a rejection the driver reads as a missing key (`missing`). */
  private answered(slot: Slot, result: unknown, missing = false): void {
    if (slot.stale) return; // already counted as a timeout
    const now = performance.now();
    // The back-off object is touched only after a failure: one cache line fewer per answer.
    if (slot.failing) {
      slot.failing = false;
      slot.backoff.reset();
    }
    this.recorder.ok(slot.op, (now - this.times[2 * slot.i]) * 1000, missing || this.driver.outcome(result) === NOT_FOUND);
    this.release(slot, now);
  }

  /** The driver's own timeout errors and the watchdog's both count as timeouts. */
  private failed(slot: Slot, err: unknown, timeout: boolean): void {
    const unavailable = !timeout && isUnreachable(this.driver, err);
    if (unavailable) this.recorder.unavailable(slot.op);
    else this.recorder.fail(slot.op, timeout);
    this.o.onFailure?.(this.opNames[slot.op], err, timeout);
    if (unavailable) return this.backOff(slot);
    // A failure can arrive in the same turn (e.g. a closed connection):
    // yield so ticks and stop messages are never starved by a spin.
    setImmediate(() => this.release(slot));
  }

  /** The slot is free at once (nothing is in flight), but its next operation waits. */
  private backOff(slot: Slot): void {
    slot.busy = false;
    slot.failing = true;
    this.inFlightNow--;
    if (this.stopped) return this.maybeDrained();
    const t = setTimeout(() => {
      this.waiting.delete(t);
      this.resume(slot);
    }, slot.backoff.next());
    this.waiting.add(t);
  }

  private release(slot: Slot, now?: number): void {
    slot.busy = false;
    this.inFlightNow--;
    this.resume(slot, now);
  }

  private resume(slot: Slot, now?: number): void {
    if (this.stopped) return this.maybeDrained();
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
      const slot = this.slots[i];
      if (!slot.busy || this.times[2 * i + 1] > limit) continue;
      // Its answer, if it ever comes, reaches the retired slot; failed() releases the successor on the next turn.
      const next = this.bind(successor(slot));
      this.times[2 * i + 1] = Infinity;
      this.slots[i] = next;
      this.failed(next, new TimeoutError(this.o.opTimeoutMs), true);
    }
  };

  private maybeDrained(): void {
    if (this.stopped && this.inFlightNow === 0 && !this.timer && !this.drainedSent) {
      this.drainedSent = true;
      if (this.watchdog) clearInterval(this.watchdog);
      this.clearWaiting();
      this.emit('drained');
    }
  }
}
