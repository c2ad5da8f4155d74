import { errorMessage } from '../../app/error-message';
import type { NodeCounters } from '../../app/metrics/node-stats';
import type { Endpoint } from '../../app/protocol/worker';
import type { LogEntry } from '../../app/run/format';
import type { Target } from '../../app/scenario/targets';
import { removeStaleTempDirs } from '../../app/host/temp-dirs';
import { childEnv, type NodeBinary } from './node-binary';
import type { ServerProcess } from './process-cpu';
import { TargetRunner } from './target-runner';

interface ServerHooks {
  nodeStats(nodes: NodeCounters[]): void;
  log(level: LogEntry['level'], source: string, message: string): void;
  /** A server the run depends on died: the run fails. */
  fail(message: string): void;
}

/**
 * Everything a run starts besides its workers: a built-in server, a local
 * cluster, and the monitor that reads a cluster's own per-node statistics.
 * `start` resolves with the address workers connect to, when kvscope chose it.
 */
export class RunServers {
  private target: TargetRunner | undefined;
  private monitor: TargetRunner | undefined;
  private local: TargetRunner | undefined;

  constructor(
    private readonly t: Target,
    private readonly hooks: ServerHooks,
  ) {}

  get targetPid(): number | undefined {
    return this.target?.pid;
  }

  get monitorPid(): number | undefined {
    return this.monitor?.pid;
  }

  /** Server processes of the local cluster started for this run. */
  get localClusterPids(): number[] {
    return this.local?.pids ?? [];
  }

  /**
   * The target's processes on this machine, named as the Live view shows
   * them: the built-in server, or each local member (a JVM) or master. The
   * monitor is kvscope's own reader, not the target, and is left out.
   */
  serverProcesses(): ServerProcess[] {
    const t = this.t;
    const builtIn = this.target?.pid;
    if (builtIn !== undefined) return [{ name: t.kind === 'builtin-file' ? 'built-in file server' : 'built-in server', pid: builtIn }];
    const node = t.kind === 'hazelcast' ? 'member' : 'master';
    return this.localClusterPids.map((pid, i) => ({ name: `${node} ${i + 1}`, pid }));
  }

  get hasMonitor(): boolean {
    return this.monitor !== undefined;
  }

  async start(node: NodeBinary): Promise<Endpoint | undefined> {
    // Before this run makes folders of its own: those of a kvscope killed outright stay behind otherwise.
    for (const dir of removeStaleTempDirs())
      this.hooks.log('info', 'main', `removed ${dir}, left behind by a kvscope process that is gone`);
    const t = this.t;
    if (t.kind === 'aerospike' || (t.kind === 'redis' && t.localCluster === 0)) {
      await this.startMonitor(node, t);
      return undefined;
    }
    if (t.kind === 'redis') {
      const seed = await this.startLocal(node, `Redis Cluster of ${t.localCluster} masters`);
      await this.startMonitor(node, { ...t, host: seed.host, port: seed.port });
      return seed;
    }
    if (t.kind === 'hazelcast') {
      const seed = t.localMembers === 0 ? undefined : await this.startLocal(node, `Hazelcast cluster of ${t.localMembers} members`);
      // The members' own statistics come from Prometheus endpoints: the local members' exporters, or those the scenario lists.
      const metricsUrls = seed ? (this.local?.metricsUrls ?? []) : t.metricsUrls;
      if (metricsUrls.length > 0) await this.startMonitor(node, { ...t, metricsUrls });
      else if (seed)
        this.hooks.log('warn', 'monitor', 'no per-member statistics: the members have no metrics endpoint (see the log above)');
      return seed;
    }
    if (t.external) {
      if (t.metricsUrls.length > 0) await this.startMonitor(node, t);
      return { host: t.host, port: t.port };
    }
    this.hooks.log('info', 'main', `starting the built-in ${t.kind === 'builtin-file' ? 'file' : 'key-value'} server`);
    const runner = new TargetRunner(t);
    this.target = runner;
    runner.on('node-stats', (n) => this.hooks.nodeStats(n));
    runner.on('log', (level, message) => this.hooks.log(level, 'target', message));
    runner.on('exit', (e) => this.hooks.fail(`${t.kind} server exited during the run (code ${e.code}, signal ${e.signal})`));
    return runner.start(node.path, childEnv(node));
  }

  /** The monitor's last reading after the load (see TargetRunner.pollNow). */
  pollNow(timeoutMs: number): Promise<void> {
    return this.monitor?.pollNow(timeoutMs) ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    await this.target?.stop();
    await this.monitor?.stop();
    await this.local?.stop();
  }

  /**
   * A local cluster, started by a keeper process that stops its servers when
   * main stops it or goes away; losing it mid-run fails the run.
   */
  private async startLocal(node: NodeBinary, what: string): Promise<Endpoint> {
    this.hooks.log('info', 'main', `starting a local ${what} on 127.0.0.1`);
    const keeper = new TargetRunner(this.t, 'workers/local/main');
    this.local = keeper;
    keeper.on('log', (level, message) => this.hooks.log(level, 'local cluster', message));
    keeper.on('exit', (e) => this.hooks.fail(`the local cluster's keeper exited during the run (code ${e.code}, signal ${e.signal})`));
    const seed = await keeper.start(node.path, childEnv(node));
    this.hooks.log('info', 'main', `local ${what} ready (seed ${seed.host}:${seed.port}, server pids ${keeper.pids.join(', ')})`);
    return seed;
  }

  kill(): void {
    void this.stop();
  }

  /**
   * Server-side per-node statistics next to the client-side numbers. Without
   * them the run still measures the client side, so a monitor that cannot
   * start or dies is a warning, not a failure.
   */
  private async startMonitor(node: NodeBinary, target: Target): Promise<void> {
    const monitor = new TargetRunner(target, 'workers/monitor/main');
    this.monitor = monitor;
    monitor.on('node-stats', (n) => this.hooks.nodeStats(n));
    monitor.on('log', (level, message) => this.hooks.log(level, 'monitor', message));
    monitor.on('exit', (e) => {
      this.hooks.log(
        'warn',
        'monitor',
        `the cluster monitor exited (code ${e.code}, signal ${e.signal}): no more per-node statistics in this run`,
      );
    });
    try {
      await monitor.start(node.path, childEnv(node));
    } catch (err) {
      this.hooks.log('warn', 'monitor', `no per-node statistics in this run: ${errorMessage(err)}`);
    }
  }
}
