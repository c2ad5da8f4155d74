import type { RunGroup } from '../../app/plan/plan';
import { RUN_FORMAT, RUN_FORMAT_VERSION, type RunHeader } from '../../app/run/format';
import type { Scenario } from '../../app/scenario/schema';
import type { Summary } from '../../app/metrics/summary';
import { environment } from '../../main/engine/environment';
import { Run } from '../../main/engine/orchestrator';
import { NO_NODES, TickMerger } from '../../main/engine/tick-merger';
import { tickSource, type TickSource } from './ticks';

export interface Checkpoint {
  second: number;
  heapUsed: number;
  rss: number;
}

/** How often the feed lets the event loop turn, so the recorder's and the controller's listeners keep up as in a real run. */
const YIELD_EVERY_SECONDS = 600;

/**
 * A run whose workers are synthetic: the same Run (summary, outcome, events)
 * and the real TickMerger, fed a worker tick per worker-second as fast as
 * they merge. The RunController and the recorder listen to it as to any run.
 */
export class SoakRun extends Run {
  readonly source: TickSource = tickSource();
  readonly checkpoints: Checkpoint[] = [];

  constructor(
    scenario: Scenario,
    group: RunGroup | undefined,
    private readonly checkpointSeconds: number,
    private readonly measure: (second: number) => Checkpoint,
  ) {
    super(scenario, group);
  }

  override async execute(): Promise<Summary> {
    const s = this.scenario;
    const header: RunHeader = {
      format: RUN_FORMAT,
      version: RUN_FORMAT_VERSION,
      id: this.id,
      createdAt: new Date().toISOString(),
      scenario: s,
      env: environment(process.execPath, process.version, {}),
    };
    this.emit('header', header);
    this.emit('phase', { phase: 'running', at: Date.now(), second: 0 });
    const t0 = Date.now();
    const seconds = s.warmupSeconds + (s.durationSeconds ?? 0);
    const merger = new TickMerger(s.workers, s.warmupSeconds, t0, (sample) => this.onSample(sample), NO_NODES);
    for (let k = 0; k < seconds; k++) {
      for (let w = 0; w < s.workers; w++) merger.add(this.source.tick(w, k));
      merger.flush(t0 + (k + 1) * 1000);
      if ((k + 1) % YIELD_EVERY_SECONDS === 0) await new Promise((r) => setImmediate(r));
      if ((k + 1) % this.checkpointSeconds === 0 || k + 1 === seconds) {
        await new Promise((r) => setImmediate(r));
        this.checkpoints.push(this.measure(k + 1));
      }
    }
    for (let w = 0; w < s.workers; w++) merger.finished(w, seconds - 1);
    merger.flush(t0 + seconds * 1000, { force: true });
    return this.end('done');
  }
}
