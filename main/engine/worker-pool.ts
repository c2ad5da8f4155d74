import { EventEmitter } from 'node:events';
import { decodeMessage } from '../../app/protocol/envelope';
import { FromWorkerSchema, type Endpoint, type ToWorker } from '../../app/protocol/worker';
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
interface WorkerPoolEvents {
  ready: [id: number, info: WorkerInfo];
  tick: [tick: Tick];
  log: [id: number, level: LogLine['level'], message: string];
  finished: [id: number, lastSecond: number];
  fatal: [id: number, message: string];
  /** It ended without being asked to, before 'finished' or 'fatal'. */
  died: [id: number, description: string];
  /** Its process has exited, on every path. */
  gone: [id: number];
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
  ) {
    super();
  }

  get pids(): number[] {
    return this.children.map((c) => c.pid).filter((p): p is number => p !== undefined);
  }

  /** `client`: the folder of the client version the workers load (target.client); absent: the bundled one. */
  start(scenario: Scenario, endpoint: Endpoint | undefined, client?: string): void {
    const entry = entryPath('workers/load/worker');
    for (let id = 0; id < this.size; id++) {
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
      this.send(id, { type: 'start', data: { id, of: this.size, scenario, endpoint, client } });
    }
  }

  go(t0: number): void {
    for (let id = 0; id < this.size; id++) this.send(id, { type: 'go', data: { t0 } });
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

  private send(id: number, m: ToWorker): void {
    this.children[id].send(m);
  }

  private onMessage(id: number, raw: unknown): void {
    const d = decodeMessage(FromWorkerSchema, raw);
    if (!d.ok) return void this.emit('log', id, 'warn', `worker ${id} sent a bad message: ${d.reason}`);
    const m = d.msg;
    switch (m.type) {
      case 'ready':
        return void this.emit('ready', id, m.data);
      case 'tick':
        if (m.data.worker !== id) return void this.emit('log', id, 'warn', `worker ${id} sent a tick for worker ${m.data.worker}`);
        return void this.emit('tick', m.data);
      case 'log':
        return void this.emit('log', id, m.data.level, m.data.message);
      case 'finished':
        this.finished.add(id);
        return void this.emit('finished', id, m.data.lastSecond);
      case 'fatal':
        this.finished.add(id);
        return void this.emit('fatal', id, m.data.message);
      default: {
        const unknown: never = m;
        this.emit('log', id, 'warn', `worker ${id} sent unknown message ${JSON.stringify(unknown)}`);
      }
    }
  }
}
