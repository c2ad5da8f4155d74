import { rmSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import { decodeMessage } from '../../app/protocol/envelope';
import { FromTargetSchema, fastFromTarget, type ToTarget } from '../../app/protocol/target';
import type { Endpoint } from '../../app/protocol/worker';
import type { NodeCounters } from '../../app/metrics/node-stats';
import type { Target } from '../../app/scenario/targets';
import { makeOwnedTempDir } from '../../app/host/temp-dirs';
import type { LogLine } from '../../app/protocol/worker';
import { ManagedChild, STOP_GRACE_MS, type ChildEnd } from './child';
import { entryPath, type EntryName } from './entries';
import { NO_MEMORY_REDUCER } from './memory-reducer';

/** A built-in server that does not listen within this long has failed to start. */
const TARGET_READY_TIMEOUT_MS = 15_000;
/**
 * A local cluster may first fetch the Hazelcast jar from Maven Central, then
 * start JVMs that join one another: minutes on a slow box, not seconds.
 */
const LOCAL_CLUSTER_READY_TIMEOUT_MS = 240_000;

/**
 * The monitor's code runs a few times a second: V8's optimizing compiler
 * (TurboFan) got to its parsers only some seconds into a run and then spent
 * more CPU compiling them (25 to 65 ms each) than their faster code saves in
 * a run. Its baseline code (Sparkplug) is as good for this much work: a Redis
 * Cluster monitor's CPU over a 60 s run fell by a fifth, and no stretch of
 * the run cost more (docs/benchmarks.md, "Main's and the monitor's second").
 */
export const MONITOR_MAX_OPT = '--max-opt=1';

/**
 * The Node flags of the children that idle between one reading a second: no
 * V8 memory reducer (memory-reducer.ts), and the monitor on baseline code.
 */
const IDLE_CHILD_FLAGS: Partial<Record<EntryName, readonly string[]>> = {
  'workers/monitor/main': [NO_MEMORY_REDUCER, MONITOR_MAX_OPT],
  'workers/local/main': [NO_MEMORY_REDUCER],
};

const CHILD_NAMES: Record<EntryName, string> = {
  'workers/targets/main': 'target',
  'workers/monitor/main': 'monitor',
  'workers/local/main': 'local cluster',
  'workers/load/worker': 'worker',
};

interface TargetRunnerEvents {
  'node-stats': [nodes: NodeCounters[]];
  log: [level: LogLine['level'], message: string];
  /** The child ended without being asked to (after it was started). */
  exit: [end: ChildEnd];
}

/**
 * Starts one of kvscope's own servers as a child process and relays its
 * per-node counters (TargetRunnerEvents). The cluster monitor of an external
 * target (Aerospike) speaks the same protocol and runs through this class
 * too, from its own entry.
 */
export class TargetRunner extends EventEmitter<TargetRunnerEvents> {
  private readonly child: ManagedChild;
  private readonly flags: readonly string[];
  private readonly workDir = makeOwnedTempDir('target');
  private stopped = false;

  constructor(
    private readonly target: Target,
    entry: EntryName = 'workers/targets/main',
    private readonly readyTimeoutMs = entry === 'workers/local/main' ? LOCAL_CLUSTER_READY_TIMEOUT_MS : TARGET_READY_TIMEOUT_MS,
  ) {
    super();
    this.child = new ManagedChild(CHILD_NAMES[entry], entryPath(entry));
    this.flags = IDLE_CHILD_FLAGS[entry] ?? [];
  }

  /** The server processes it reported when ready (a local cluster's members). */
  pids: number[] = [];
  /** The members' Prometheus endpoints it reported when ready (a local Hazelcast cluster with the exporter). */
  metricsUrls: string[] = [];

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Start the server and resolve with its address once it listens. */
  start(execPath: string, env: NodeJS.ProcessEnv = process.env): Promise<Endpoint> {
    return new Promise<Endpoint>((resolve, reject) => {
      let ready = false;
      const timer = setTimeout(() => {
        reject(new Error(`${this.target.kind} did not start within ${this.readyTimeoutMs / 1000} s`));
      }, this.readyTimeoutMs);
      const settle = (fn: () => void): void => {
        clearTimeout(timer);
        fn();
      };
      this.child.on('message', (raw) => {
        const d = decodeMessage(FromTargetSchema, raw, fastFromTarget);
        if (!d.ok) return this.emit('log', 'warn', `target sent a bad message: ${d.reason}`);
        const m = d.msg;
        switch (m.type) {
          case 'ready':
            this.pids = m.data.pids;
            this.metricsUrls = m.data.metricsUrls ?? [];
            ready = true;
            return settle(() => resolve({ host: m.data.host, port: m.data.port }));
          case 'node-stats':
            return void this.emit('node-stats', m.data.nodes as NodeCounters[]);
          case 'log':
            return void this.emit('log', m.data.level, m.data.message);
          case 'fatal':
            // Before 'ready' it is why the start failed; after, the crash the exit that follows is about.
            if (ready) return void this.emit('log', 'error', `${this.child.name}: ${m.data.message}`);
            return settle(() => reject(new Error(`${this.target.kind}: ${m.data.message}`)));
          default: {
            const unknown: never = m;
            this.emit('log', 'warn', `target sent unknown message ${JSON.stringify(unknown)}`);
          }
        }
      });
      this.child.on('exit', (e) => {
        settle(() => reject(new Error(`${this.target.kind} exited before it was ready (code ${e.code}, signal ${e.signal}) ${e.stderr}`)));
        if (!e.requested && !this.stopped) this.emit('exit', e);
      });
      this.child.start({ execPath, env, execArgv: [...this.flags] });
      const start: ToTarget = { type: 'start', data: { target: this.target, workDir: this.workDir } };
      this.child.send(start);
    });
  }

  /**
   * Ask for a reading now and wait for it (at most `timeoutMs`): the
   * monitor's last reading after the load, so per-node counts cover the
   * whole run.
   */
  pollNow(timeoutMs: number): Promise<void> {
    if (!this.child.running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.off('node-stats', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.on('node-stats', done);
      const poll: ToTarget = { type: 'poll', data: {} };
      this.child.send(poll);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const stop: ToTarget = { type: 'stop', data: {} };
    await this.child.stop(stop, STOP_GRACE_MS);
    rmSync(this.workDir, { recursive: true, force: true });
  }
}
