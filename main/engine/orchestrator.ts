import { judgeThresholds } from '../../app/metrics/thresholds';
import { errorMessage } from '../../app/error-message';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Sample } from '../../app/metrics/sample';
import { SummaryBuilder, type RunStatus, type Summary } from '../../app/metrics/summary';
import type { LostWorker } from '../../app/metrics/outcome';
import type { RunGroup } from '../../app/plan/plan';
import type { LogEntry, Phase, PhaseMark, RunHeader } from '../../app/run/format';
import { RUN_FORMAT, RUN_FORMAT_VERSION } from '../../app/run/format';
import { runSeconds, type Scenario } from '../../app/scenario/schema';
import { redactScenario, scrubSecrets, secretValues } from '../../app/scenario/secrets';
import { RunServers } from './run-servers';
import { STOP_GRACE_MS } from './child';
import { environment } from './environment';
import { childEnv, resolveNodeBinary } from './node-binary';
import { assertAdmitted } from '../policy/admit';
import { chosenClientDir } from '../config/client-cache';
import { NodeTracker } from './node-tracker';
import { TickMerger } from './tick-merger';
import { MachineCpu } from './machine-cpu';
import { workerExecArgv } from './worker-flags';
import { nextWholeSecond } from '../../app/host/whole-seconds';
import { WorkerPool, type LoadPool, type WorkerInfo } from './worker-pool';
import { placeScenario, resolvedOf, type AgentLink } from './place';
import { PlacedPool } from './placed-pool';
import { natsInClear } from '../nats/connect';
import { crowdingWarnings, StopRequested, waitForWorkers } from './wait-workers';
import { MergeSchedule } from './merge-schedule';

/** Least time between 'go' and second 0, so every worker has the message before t0. */
const GO_DELAY_MS = 250;
/** The monitor's last reading after the load may take this long (one INFO round trip per node). */
const FINAL_POLL_TIMEOUT_MS = 2000;

interface RunEvents {
  header: [header: RunHeader];
  phase: [mark: PhaseMark];
  sample: [sample: Sample];
  log: [entry: LogEntry];
  /** Emitted last, once. */
  summary: [summary: Summary];
}

/** One run of one scenario. It only emits (RunEvents): files, terminals and windows are listeners. */
export class Run extends EventEmitter<RunEvents> {
  readonly id = randomUUID();
  phase: Phase = 'starting';
  // Built as samples arrive, so main's memory stays flat however long the run (the file keeps every second).
  private readonly summary = new SummaryBuilder();
  private readonly lostWorkers: LostWorker[] = [];
  private firstError: string | undefined;
  private pool: LoadPool | undefined;
  private readonly servers: RunServers;
  private readonly nodes = new NodeTracker();
  private merger: TickMerger | undefined;
  /** Merges each second once all it waits for is in (or its grace is over). */
  private schedule: MergeSchedule | undefined;
  private stopRequested = false;
  private failure: string | undefined;
  private endAt = Infinity;
  private wakeup: (() => void) | undefined;
  private headerSent = false;
  private finishedWorkers = 0;
  private readonly secrets: string[];

  /** The scenario as run: once started, with its placement resolved and `workers` its sum. */
  get scenario(): Scenario {
    return this.current;
  }

  private current: Scenario;

  constructor(
    scenario: Scenario,
    private readonly group?: RunGroup,
    /** Agents to place workers on, when the scenario has a placement. */
    private readonly agents?: AgentLink,
    /** Node flags for this run's local load workers before the scenario's own (a benchmark's fixed heap). */
    private readonly workerArgv: readonly string[] = [],
  ) {
    super();
    this.current = scenario;
    this.secrets = secretValues(scenario);
    this.servers = new RunServers(scenario.target, {
      nodeStats: (n) => {
        this.nodes.update(n, Date.now());
        this.schedule?.arrived();
      },
      log: (level, source, message) => this.log(level, source, message),
      fail: (message) => this.fail(message),
    });
  }

  /** Process ids of the load workers (for diagnostics and tests). */
  get workerPids(): number[] {
    return this.pool?.pids ?? [];
  }

  get targetPid(): number | undefined {
    return this.servers.targetPid;
  }

  get monitorPid(): number | undefined {
    return this.servers.monitorPid;
  }

  /** Server processes of a local cluster started for this run (for diagnostics and tests). */
  get localClusterPids(): number[] {
    return this.servers.localClusterPids;
  }

  /** Run to the end; never rejects: failures end as status 'failed' with a log line. */
  async execute(): Promise<Summary> {
    const timers: NodeJS.Timeout[] = [];
    let workerInfo: WorkerInfo[] = [];
    let nodePath = this.scenario.node;
    try {
      this.setPhase('starting');
      // The last line of defence: whoever started this run, nothing starts unless the scenario is allowed.
      assertAdmitted(this.scenario);
      this.current = await placeScenario(this.scenario, this.agents);
      if (this.scenario.placement && natsInClear(this.agents?.nc.getServer() ?? '') && this.secrets.length > 0)
        this.log(
          'warn',
          'main',
          'the scenario holds a password and the NATS link to the agents is not TLS: it crosses the network in clear',
        );
      const node = resolveNodeBinary(this.scenario.node);
      nodePath = node.path;
      if (node.fallback) this.log('warn', 'main', `no "${this.scenario.node}" on PATH: workers run on ${node.path}`);
      for (const w of crowdingWarnings(resolvedOf(this.scenario)?.local ?? this.scenario.workers)) this.log('warn', 'main', w);
      const endpoint = await this.servers.start(node);
      const flags = workerExecArgv(this.scenario);
      // The scenario's flags last: a lean scan heap is still the scan's own.
      const pool = this.makePool(node.path, childEnv(node, this.scenario.env), [...this.workerArgv, ...flags]);
      this.pool = pool;
      this.wirePool(pool);
      // What STARTING waits for, in the log and on the Live page.
      const n = this.scenario.workers;
      this.log('info', 'main', `connecting ${n} worker${n === 1 ? '' : 's'} to the ${this.scenario.target.kind} target`);
      if (this.workerArgv.length > 0) this.log('info', 'main', `workers run with ${this.workerArgv.join(' ')}`);
      if (flags.length > 0)
        this.log(
          'info',
          'main',
          `workers run with ${flags.join(' ')}: a heap sized for a page (target.streamHeap "node" keeps Node's defaults)`,
        );
      pool.start(this.scenario, endpoint, chosenClientDir(this.scenario.target));
      workerInfo = await waitForWorkers(pool, this.scenario, () => this.stopRequested);
      this.sendHeader(node.path, workerInfo);
      // On a whole second of the clock: servers and the monitor read their counters on whole
      // seconds (app/host/whole-seconds.ts), so their readings fall on the run's second edges.
      const t0 = nextWholeSecond(Date.now() + GO_DELAY_MS);
      this.nodes.begin(t0);
      const measureAt = t0 + this.scenario.warmupSeconds * 1000;
      this.endAt = measureAt + runSeconds(this.scenario) * 1000;
      const machine = new MachineCpu(t0, () => this.servers.serverProcesses());
      const merger = new TickMerger(
        this.scenario.workers,
        this.scenario.warmupSeconds,
        t0,
        (s) => this.onSample(withPlaces(withMachine(s, machine.take(s.second)), pool)),
        this.nodes,
      );
      this.merger = merger;
      // With a monitor, the seconds left at the end wait for its last reading, so the
      // per-node counts of the last sample include everything the nodes did.
      const schedule = new MergeSchedule(merger, () => {
        machine.mark(Date.now());
        if (!(this.ending && this.servers.hasMonitor)) merger.flush(Date.now(), { waitForLast: this.ending });
      });
      this.schedule = schedule;
      pool.on('tick', (t) => {
        merger.add(t);
        schedule.arrived();
      });
      pool.go(t0);
      schedule.arrived();
      const at = (ms: number, fn: () => void): void => void timers.push(setTimeout(fn, Math.max(0, ms - Date.now())));
      if (this.scenario.warmupSeconds > 0) at(t0, () => this.setPhase('warmup', 0));
      at(measureAt, () => this.setPhase('running', this.scenario.warmupSeconds));
      at(this.endAt, () => this.setPhase('stopping'));
      await new Promise<void>((resolve) => {
        this.wakeup = () => merger.allDone && resolve();
        this.wakeup();
      });
      // Workers may finish a hair before main's own end timer fires (their
      // clocks are read separately); the phase marks stay in order regardless.
      if (this.phase === 'warmup' || this.phase === 'running') this.setPhase('stopping');
      await this.servers.pollNow(FINAL_POLL_TIMEOUT_MS);
      machine.mark(Date.now());
      merger.flush(Date.now(), { force: true });
    } catch (err) {
      if (!(err instanceof StopRequested)) this.fail(errorMessage(err));
    } finally {
      timers.forEach((t) => clearTimeout(t));
      this.schedule?.stop();
      await this.pool?.waitExit(STOP_GRACE_MS);
      await this.servers.stop();
    }
    if (!this.headerSent) this.sendHeader(nodePath, workerInfo);
    return this.end(this.failure ? 'failed' : this.stopRequested ? 'stopped' : 'done');
  }

  /** The summary and its outcome, from what arrived and what happened; emitted last. */
  protected end(status: RunStatus): Summary {
    const summary = this.summary.finish(status, {
      workers: this.scenario.workers,
      lostWorkers: this.lostWorkers,
      failure: this.failure,
      firstError: this.firstError,
      maxErrorRate: this.scenario.maxErrorRate,
      latencyBucketsMs: this.scenario.latencyBucketsMs,
    });
    this.summary.dispose();
    const thresholds = judgeThresholds(this.scenario.thresholds, summary.total, summary.outcome?.errorRate ?? 0, summary.seconds);
    if (thresholds.length > 0) summary.thresholds = thresholds;
    this.setPhase(summary.status);
    this.emit('summary', summary);
    return summary;
  }

  /** Orderly stop: workers finish what is in flight and send their last tick. */
  stop(): void {
    if (this.stopRequested) return;
    this.stopRequested = true;
    this.log('info', 'main', 'stop requested');
    if (this.phase !== 'starting') this.setPhase('stopping');
    void this.pool?.stop(this.scenario.opTimeoutMs + STOP_GRACE_MS);
  }

  /** Immediate stop: every child is killed now. */
  kill(): void {
    this.stopRequested = true;
    this.pool?.kill();
    this.servers.kill();
  }

  private get ending(): boolean {
    return this.stopRequested || this.failure !== undefined || Date.now() >= this.endAt;
  }

  /** The workers here, and on agents when the scenario is placed on them (ids: local first, then each agent's). */
  private makePool(execPath: string, env: NodeJS.ProcessEnv, flags: string[]): LoadPool {
    const s = this.scenario;
    const placed = resolvedOf(s);
    const localN = placed ? placed.local : s.workers;
    const local = localN > 0 ? new WorkerPool(localN, execPath, env, flags, { first: 0, of: s.workers }) : undefined;
    if (!placed || placed.agents.length === 0) return local!;
    for (const [name, n] of placed.agents) this.log('info', 'main', `placing ${n} worker${n === 1 ? '' : 's'} on agent ${name}`);
    return new PlacedPool(local, this.agents!.nc, this.id, placed);
  }

  private wirePool(pool: LoadPool): void {
    pool.on('log', (id, level, message) => this.log(level, `worker ${id}`, message));
    pool.on('note', (source, level, message) => this.log(level, source, message));
    pool.on('finished', (id, last) => {
      this.finishedWorkers++;
      this.merger?.finished(id, last);
      this.schedule?.arrived();
      this.wakeup?.();
    });
    pool.on('died', (id, description) => {
      // A worker that ends unasked before its last tick leaves the rest of the run short of its load.
      if (!this.stopRequested) {
        const place = pool.placeOf?.(id);
        this.lostWorkers.push({ id, second: this.merger?.missingFrom(id) ?? 0, ...(place ? { place } : {}) });
      }
      this.log('error', 'main', description);
    });
    pool.on('fatal', (id, message) => this.log('error', `worker ${id}`, message));
    pool.on('gone', (id) => {
      this.merger?.died(id);
      this.schedule?.arrived();
      if (this.merger?.allDone && this.finishedWorkers === 0 && !this.stopRequested) {
        this.fail('every worker died before the run ended');
      }
      this.wakeup?.();
    });
  }

  /** Ends the run in order as failed with this reason (also for listeners that cannot go on, e.g. its file on a full disk). */
  fail(message: string): void {
    if (this.failure) return;
    this.failure = message;
    this.log('error', 'main', message);
    if (this.phase !== 'starting') this.setPhase('stopping');
    void this.pool?.stop(this.scenario.opTimeoutMs + STOP_GRACE_MS);
  }

  /** The measured seconds so far, summarized by the same code as the final summary (undefined before the first). */
  soFar(): Summary | undefined {
    return this.summary.seconds > 0 ? this.summary.finish('interrupted') : undefined;
  }

  /** Every merged second passes here: counted into the summary, then emitted (bench/soak feeds it directly). */
  protected onSample(s: Sample): void {
    this.summary.add(s);
    this.emit('sample', s);
  }

  private sendHeader(nodePath: string, info: WorkerInfo[]): void {
    this.headerSent = true;
    const clients = Object.assign({}, ...info.map((i) => i.versions)) as Record<string, string>;
    const header: RunHeader = {
      format: RUN_FORMAT,
      version: RUN_FORMAT_VERSION,
      id: this.id,
      createdAt: new Date().toISOString(),
      scenario: redactScenario(this.scenario),
      env: environment(nodePath, info[0]?.node ?? 'unknown', clients),
      ...(this.group ? { group: this.group } : {}),
    };
    this.emit('header', header);
  }

  private setPhase(phase: Phase, second?: number): void {
    if (this.phase === phase && phase !== 'starting') return;
    this.phase = phase;
    const mark: PhaseMark = { phase, at: Date.now(), ...(second === undefined ? {} : { second }) };
    this.emit('phase', mark);
  }

  private log(level: LogEntry['level'], source: string, message: string): void {
    // Whatever a server or a library echoes back, a credential never reaches a log line.
    const entry: LogEntry = { level, message: scrubSecrets(message, this.secrets), at: Date.now(), source };
    if (level === 'error' && this.firstError === undefined) this.firstError = `[${source}] ${entry.message}`;
    this.emit('log', entry);
  }
}

/** Each worker's place, when some run on agents: the run file and the Live view keep per-agent figures. */
function withPlaces(s: Sample, pool: LoadPool): Sample {
  if (!pool.placeOf) return s;
  return {
    ...s,
    workers: s.workers.map((w) => {
      const place = pool.placeOf!(w.id);
      return place ? { ...w, place } : w;
    }),
  };
}

function withMachine(s: Sample, machine: Sample['machine']): Sample {
  return machine ? { ...s, machine } : s;
}
