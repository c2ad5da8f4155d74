import { EventEmitter } from 'node:events';
import { decodeMessage } from '../../app/protocol/envelope';
import { FromWorkerSchema, fastFromWorker, type Endpoint, type FromWorker, type ToWorker } from '../../app/protocol/worker';
import type { Tick } from '../../app/metrics/tick';
import type { LogLine } from '../../app/protocol/worker';
import type { Scenario } from '../../app/scenario/schema';
import { ManagedChild } from './child';
import { entryPath } from './entries';

export interface WorkerInfo {
  pid: number;
  node: string;
  versions: Record<string, string>;
}

/** Every event carries the worker's id first, except 'tick', whose Tick names its worker. */
export interface WorkerPoolEvents {
  ready: [id: number, info: WorkerInfo];
  tick: [tick: Tick];
  log: [id: number, level: LogLine['level'], message: string];
  finished: [id: number, lastSecond: number];
  fatal: [id: number, message: string];
  /** It ended without being asked to, before 'finished' or 'fatal'. */
  died: [id: number, description: string];
  /** Its process has exited, on every path. */
  gone: [id: number];
  /** A line from elsewhere than a worker (an agent), with its source. */
  note: [source: string, level: LogLine['level'], message: string];
}

/** What a run asks of its workers, wherever they run (WorkerPool here, PlacedPool here and on agents). */
export interface LoadPool extends EventEmitter<WorkerPoolEvents> {
  readonly size: number;
  readonly pids: number[];
  start(scenario: Scenario, endpoint: Endpoint | undefined, client?: string): void;
  go(t0: number): void;
  stop(graceMs: number): Promise<void>;
  waitExit(graceMs: number): Promise<void>;
  kill(): void;
  /** Where a worker runs, when not here ("agent NAME"). */
  placeOf?(id: number): string | undefined;
}

/** The load workers of one run. Relays their validated messages as events (WorkerPoolEvents). */
export class WorkerPool extends EventEmitter<WorkerPoolEvents> {
  private readonly children: ManagedChild[] = [];
  private readonly finished = new Set<number>();

  constructor(
    readonly size: number,
    private readonly execPath: string,
    private readonly env: NodeJS.ProcessEnv,
    /** Node flags of every worker (main/engine/worker-flags.ts). */
    private readonly execArgv: readonly string[] = [],
    /** The workers' ids in the run (an agent's are a slice of it) and how many the run has in all. */
    private readonly ids: { first: number; of: number } = { first: 0, of: size },
  ) {
    super();
  }

  get pids(): number[] {
    return this.children.map((c) => c.pid).filter((p): p is number => p !== undefined);
  }

  /** `client`: the folder of the client version the workers load (target.client); absent: the bundled one. */
  start(scenario: Scenario, endpoint: Endpoint | undefined, client?: string): void {
    const entry = entryPath('workers/load/worker');
    for (let i = 0; i < this.size; i++) {
      const id = this.ids.first + i;
      const child = new ManagedChild(`worker ${id}`, entry);
      this.children.push(child);
      child.on('message', (raw) => this.onMessage(id, raw));
      child.on('exit', (e) => {
        this.emit('gone', id);
        if (e.requested || this.finished.has(id)) return;
        const how = e.signal ? `killed by ${e.signal}` : `exited with code ${e.code}`;
        this.emit('died', id, `worker ${id} ${how}${e.stderr ? `: ${e.stderr.split('\n').slice(-3).join(' | ')}` : ''}`);
      });
      child.start({ execPath: this.execPath, env: this.env, execArgv: [...this.execArgv] });
      child.send({ type: 'start', data: { id, of: this.ids.of, scenario, endpoint, client } } satisfies ToWorker);
    }
  }

  go(t0: number): void {
    const go: ToWorker = { type: 'go', data: { t0 } };
    for (const c of this.children) c.send(go);
  }

  /** Ask every worker to stop; each is killed if it has not exited after `graceMs`. */
  async stop(graceMs: number): Promise<void> {
    const stop: ToWorker = { type: 'stop', data: {} };
    await Promise.all(this.children.map((c) => c.stop(stop, graceMs)));
  }

  /** Wait for workers that end by themselves, killing any still there after `graceMs`. */
  async waitExit(graceMs: number): Promise<void> {
    await Promise.all(this.children.map((c) => (c.running ? c.stop(undefined, graceMs) : undefined)));
  }

  kill(): void {
    for (const c of this.children) c.kill();
  }

  private onMessage(id: number, raw: unknown): void {
    const m = relayWorkerMessage(this, id, raw);
    if (m === 'finished' || m === 'fatal') this.finished.add(id);
  }
}

/**
 * A worker's message, validated where it arrives and emitted as the pool's
 * event; the same for a local worker and one on an agent. Returns its type
 * (undefined when it was refused).
 */
export function relayWorkerMessage(pool: EventEmitter<WorkerPoolEvents>, id: number, raw: unknown): FromWorker['type'] | undefined {
  const d = decodeMessage(FromWorkerSchema, raw, fastFromWorker);
  if (!d.ok) return void pool.emit('log', id, 'warn', `worker ${id} sent a bad message: ${d.reason}`);
  const m = d.msg;
  switch (m.type) {
    case 'ready':
      pool.emit('ready', id, m.data);
      break;
    case 'tick':
      if (m.data.worker !== id) return void pool.emit('log', id, 'warn', `worker ${id} sent a tick for worker ${m.data.worker}`);
      pool.emit('tick', m.data);
      break;
    case 'log':
      pool.emit('log', id, m.data.level, m.data.message);
      break;
    case 'finished':
      pool.emit('finished', id, m.data.lastSecond);
      break;
    case 'fatal':
      pool.emit('fatal', id, m.data.message);
      break;
    default: {
      const unknown: never = m;
      pool.emit('log', id, 'warn', `worker ${id} sent unknown message ${JSON.stringify(unknown)}`);
      return undefined;
    }
  }
  return m.type;
}
