import { performance } from 'node:perf_hooks';
import type { Tick } from '../../app/metrics/tick';
import type { IoCounters } from './driver';
import type { LoadLoop } from './loop';
import { ProcessStatsReader } from './process-stats';

const SECOND_MS = 1000;
/** The covered share is kept to the millisecond. */
const COVERED_STEPS = 1000;

/**
 * Sends a tick at every whole second after t0. The last second's tick is not
 * sent by the timer but by `final()`, once the loop has drained, so answers
 * that arrive after the end still count in the last second.
 */
export class TickClock {
  started = false;
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly stats = new ProcessStatsReader();

  constructor(
    private readonly worker: number,
    private readonly t0Perf: number,
    readonly loop: LoadLoop,
    private readonly io: IoCounters,
    private readonly emit: (t: Tick) => void,
  ) {}

  start(): void {
    this.started = true;
    this.stats.read(); // reset the deltas so second 0 covers only second 0
    this.schedule();
  }

  /** The last second's tick, with the share of it the loop was issuing in when that is less than all. */
  final(): Tick {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const tick = this.make(this.next);
    const start = this.t0Perf + this.next * SECOND_MS;
    const until = Math.min(this.loop.stoppedAt ?? performance.now(), this.loop.o.endAt);
    const covered = Math.round(Math.max(0, (until - start) / SECOND_MS) * COVERED_STEPS) / COVERED_STEPS;
    if (covered < 1) tick.covered = covered;
    return tick;
  }

  private schedule(): void {
    const boundary = this.t0Perf + (this.next + 1) * 1000;
    if (boundary >= this.loop.o.endAt) return;
    this.timer = setTimeout(this.fire, Math.max(0, boundary - performance.now()));
  }

  private fire = (): void => {
    this.emit(this.make(this.next));
    this.next++;
    this.schedule();
  };

  private make(second: number): Tick {
    const p = this.stats.read();
    const tick: Tick = {
      worker: this.worker,
      second,
      ops: this.loop.o.recorder.drain(),
      bytesIn: this.io.bytesIn,
      bytesOut: this.io.bytesOut,
      mem: p.mem,
      elu: p.elu,
      cpu: p.cpu,
      inFlight: this.loop.inFlightNow,
      backlog: this.loop.backlog(),
    };
    const nodes = this.loop.o.driver.nodeCounts?.();
    if (nodes) tick.nodes = nodes;
    this.io.bytesIn = 0;
    this.io.bytesOut = 0;
    return tick;
  }
}
