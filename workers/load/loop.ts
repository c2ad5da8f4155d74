import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { NOT_FOUND, type Driver } from './driver';
import type { OpPicker } from './picker';
import type { Recorder } from './recorder';

/** How often the fixed-rate pump checks for due operations when none is in flight. */
const PUMP_MAX_SLEEP_MS = 10;

export interface LoopOptions {
  driver: Driver;
  recorder: Recorder;
  /** One picker per closed-loop slot (reads-per-write cycles stay with their slot); the open loop uses the first. */
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
  /** Called on every failed operation (never on success), e.g. to log why. */
  onFailure?: (op: string, err: unknown, timeout: boolean) => void;
}

/**
 * The load loop. It only issues operations and records them; ticks, files and
 * printing listen elsewhere. Emits 'drained' once no operation is in flight
 * after it stopped issuing (end time, budget or stop()).
 */
export class LoadLoop extends EventEmitter {
  inFlightNow = 0;
  private stopped = false;
  private issuedMeasured = 0;
  private nextAt = 0;
  private interval = 0;
  private timer: NodeJS.Timeout | undefined;
  private drainedSent = false;

  constructor(readonly o: LoopOptions) {
    super();
  }

  start(): void {
    if (this.o.rate === undefined) {
      for (let i = 0; i < this.o.inFlight; i++) this.issueClosed(this.o.pickers[i]);
    } else {
      this.interval = 1000 / this.o.rate;
      this.nextAt = performance.now();
      this.pump();
    }
    this.maybeDrained();
  }

  /** Stop issuing; 'drained' follows when the operations in flight are answered. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.maybeDrained();
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
    if (now >= this.o.endAt) {
      this.stopped = true;
      return false;
    }
    if (now >= this.o.measureFrom && this.o.budget !== undefined) {
      if (this.issuedMeasured >= this.o.budget) {
        this.stopped = true;
        return false;
      }
      this.issuedMeasured++;
    }
    return true;
  }

  private issueClosed(picker: OpPicker): void {
    const start = performance.now();
    if (!this.mayIssue(start)) return this.maybeDrained();
    picker.advance();
    this.launch(picker.op, picker.key, start, () => this.issueClosed(picker));
  }

  /** Fixed rate: start every operation whose intended time has come, measuring from that time. */
  private pump = (): void => {
    this.timer = undefined;
    const picker = this.o.pickers[0];
    let now = performance.now();
    while (this.nextAt <= now && this.inFlightNow < this.o.inFlight) {
      if (!this.mayIssue(Math.max(this.nextAt, 0))) return this.maybeDrained();
      picker.advance();
      const intended = this.nextAt;
      this.nextAt += this.interval;
      this.launch(picker.op, picker.key, intended, this.pumpSoon);
      now = performance.now();
    }
    if (this.stopped) return this.maybeDrained();
    if (this.inFlightNow < this.o.inFlight) {
      this.timer = setTimeout(this.pump, Math.min(PUMP_MAX_SLEEP_MS, Math.max(0, this.nextAt - now)));
    }
  };

  private pumpSoon = (): void => {
    if (!this.timer && !this.stopped) this.pump();
  };

  private launch(op: number, key: string, start: number, next: () => void): void {
    this.inFlightNow++;
    const rec = this.o.recorder;
    this.o.driver.run(this.o.recorder.ops[op], key).then(
      (outcome) => {
        rec.ok(op, (performance.now() - start) * 1000, outcome === NOT_FOUND);
        this.inFlightNow--;
        if (this.stopped) this.maybeDrained();
        else next();
      },
      (err: unknown) => {
        const timeout = this.o.driver.isTimeout(err);
        rec.fail(op, timeout);
        this.o.onFailure?.(rec.ops[op], err, timeout);
        this.inFlightNow--;
        // A failure can arrive in the same turn (e.g. a closed connection):
        // yield so ticks and stop messages are never starved by a spin.
        setImmediate(() => (this.stopped ? this.maybeDrained() : next()));
      },
    );
  }

  private maybeDrained(): void {
    if (this.stopped && this.inFlightNow === 0 && !this.timer && !this.drainedSent) {
      this.drainedSent = true;
      this.emit('drained');
    }
  }
}
