import type { Summary } from '../../app/metrics/summary';
import { LIVE_LOG_CAP, LIVE_SAMPLE_CAP } from '../../app/metrics/limits';
import { CATALOG } from '../../app/scenario/catalog';
import { redactScenario } from '../../app/scenario/secrets';
import type { AgentsView, LocalTools } from '../../app/protocol/bridge';
import { Installs } from './installs';
import type { OpenAgentLink } from '../nats/agent-link';
import { localTools } from '../../app/host/local-tools';
import { runSeconds, validateScenario, type ScenarioInput } from '../../app/scenario/schema';
import { toLiveSample, type BridgeHandlers, type LiveState, type PushChannel, type Pushes, type RunInfo } from '../../app/protocol/bridge';
import { LibraryHandlers } from '../library/handlers';
import { admitScenario, admitScenarios, refusalMessage } from '../policy/admit';
import { Run } from './orchestrator';
import { PlanError, planRuns, type PlanSpec, type PlannedRun } from '../../app/plan/plan';
import { representatives, valueGroups } from '../../app/plan/representatives';
import { MAX_RUNS } from '../../app/stats/compare';
import { MAX_GROUP_RUNS } from '../../app/stats/limits';
import { RunLibrary } from '../library/run-library';
import { UserScenarios } from '../library/user-scenarios';
import { scenariosDir } from '../config/dirs';
import { recordRun } from './run-recorder';
import { CapacityRunner } from './capacity-runner';
import { clockOf } from '../../app/run/clock';
import { errorMessage } from '../../app/error-message';
import { basename } from 'node:path';

export type PushListener = <P extends PushChannel>(channel: P, data: Pushes[P]) => void;

/**
 * The one place a window (Electron or browser) starts and watches runs. It
 * allows one run at a time, records every run to the runs folder, and turns
 * the run's events into pushes for every connected window.
 */
export class RunController implements BridgeHandlers {
  private readonly listeners = new Set<PushListener>();
  private current: Run | undefined;
  private state: LiveState = { run: null, phase: 'idle', samples: [], logs: [], summary: null, file: null };
  private finished: Promise<Summary> | undefined;
  /** The repeat or sweep in progress: its runs, those done, and whether Stop ended it early. */
  private plan: { runs: PlannedRun[]; done: { planned: PlannedRun; runId: string; summary: Summary }[]; stopped: boolean } | undefined;

  private readonly library: LibraryHandlers;
  private readonly saved = new UserScenarios(scenariosDir());
  /** Agents to place workers on, when kvscope was given a NATS server (serve --nats, config.json). */
  private agents: OpenAgentLink | undefined;
  private readonly installs = new Installs((channel, data) => this.push(channel, data));
  private readonly capacity = new CapacityRunner({
    busy: () => this.current !== undefined || this.plan !== undefined,
    launchAndWait: async (planned) => {
      this.launch(planned);
      const summary = await this.finished!;
      return { summary, file: this.state.file };
    },
    currentRunId: () => this.current?.id,
    progress: (p) => this.push('capacity', p),
    log: (message) => this.push('log', { at: Date.now(), level: 'info', source: 'capacity', message, runId: this.current?.id ?? null }),
  });

  constructor(
    private readonly runsDir: string,
    // bench/soak puts a synthetic run here; everything else uses the real one.
    private readonly makeRun: (scenario: PlannedRun['scenario'], group: PlannedRun['group']) => Run = (scenario, group) =>
      new Run(scenario, group, this.agents),
  ) {
    this.library = new LibraryHandlers(new RunLibrary(runsDir));
  }

  // Kept runs: answered by the library.
  listRuns = () => this.library.listRuns();
  openRun = (p: { file: string }) => this.library.openRun(p);
  labelRun = (p: { file: string; label: string }) => this.library.labelRun(p);
  // The file being recorded is refused by the library itself (run-recorder's isRecording), a copy of it is not.
  deleteRun = (p: { file: string }) => this.library.deleteRun(p);
  importRun = (p: { name: string; text: string }) => this.library.importRun(p);
  compareRuns = (p: { files: string[]; baseline: number }) => this.library.compareRuns(p);
  exportFile = (p: Parameters<LibraryHandlers['exportFile']>[0]) => this.library.exportFile(p);

  // Saved scenarios: one JSON file each in the config folder.
  savedScenarios = async () => this.saved.list();
  saveScenario = async (p: { scenario?: unknown; replace: boolean }) => this.saved.save(p.scenario, p.replace);
  renameScenario = async (p: { from: string; to: string }) => this.saved.rename(p.from, p.to);
  deleteScenario = async (p: { name: string }) => this.saved.remove(p.name);
  importScenario = async (p: { text: string }) => this.saved.import(p.text);

  subscribe(l: PushListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  async listScenarios(): Promise<ScenarioInput[]> {
    return structuredClone([...CATALOG]);
  }

  async localTools(): Promise<LocalTools> {
    return localTools();
  }

  // Explicit installs (Node runtimes, client versions): the editor's selects and the Install the user clicked.
  listRuntimes = () => this.installs.listRuntimes();
  installRuntime = (p: { version: string }) => this.installs.installRuntime(p);
  listClients = () => this.installs.listClients();

  /** From now on, runs may place workers on the agents this link reaches. */
  attachAgents(link: OpenAgentLink): void {
    this.agents = link;
  }

  async listAgents(): Promise<AgentsView> {
    if (!this.agents) return { nats: null, agents: [] };
    return {
      nats: this.agents.url,
      agents: this.agents.directory.list().map((e) => ({
        ...e.heartbeat,
        state: !e.up ? 'lost' : e.heartbeat.runId ? 'busy' : 'up',
        lastSeenAt: e.lastAt,
      })),
    };
  }
  installClient = (p: { spec: string }) => this.installs.installClient(p);

  async validateScenario(p: { scenario?: unknown }) {
    const v = validateScenario(p.scenario);
    if (!v.ok) return { ok: false, errors: v.errors } as const;
    const refused = admitScenario(v.scenario);
    return refused.length ? ({ ok: false, errors: refused } as const) : ({ ok: true } as const);
  }

  async startRun(p: { scenario?: unknown; plan?: PlanSpec }) {
    if (this.current || this.plan) return { ok: false as const, errors: [], message: 'a run is already in progress; stop it first' };
    const v = validateScenario(p.scenario);
    if (!v.ok) return { ok: false as const, errors: v.errors, message: 'invalid scenario' };
    let runs: PlannedRun[];
    try {
      runs = planRuns(p.scenario as Record<string, unknown>, p.plan ?? { repeat: 1 });
    } catch (err) {
      if (!(err instanceof PlanError)) throw err;
      return { ok: false as const, errors: err.errors, message: err.message };
    }
    // Every run of the plan, before the first starts: a swept value may change `node` or `env`.
    const refused = admitScenarios(runs.map((r) => r.scenario));
    if (refused.length) return { ok: false as const, errors: refused, message: refusalMessage(refused) };
    this.plan = { runs, done: [], stopped: false };
    const first = this.launch(runs[0]);
    return { ok: true as const, runId: first };
  }

  /** Start one run of the plan; when it ends, the next one starts unless the plan was stopped. */
  private launch(planned: PlannedRun): string {
    const run = this.makeRun(planned.scenario, planned.group);
    this.current = run;
    const info: RunInfo = {
      runId: run.id,
      // Every window sees this (getState, runStarted): a password stays in main.
      scenario: redactScenario(planned.scenario),
      warmupSeconds: planned.scenario.warmupSeconds,
      runSeconds: runSeconds(planned.scenario),
      startedAt: Date.now(),
      ...(planned.group ? { group: planned.group } : {}),
    };
    this.state = { run: info, phase: 'starting', samples: [], logs: [], summary: null, file: null };
    const file = recordRun(run, { dir: this.runsDir });
    this.push('runStarted', info);
    run.on('phase', (m) => {
      this.state.phase = m.phase;
      if (m.second !== undefined) info.clock0 ??= clockOf(m.at, m.second);
      this.push('phase', { ...m, runId: run.id });
    });
    run.on('sample', (s) => {
      const live = toLiveSample(s);
      capPush(this.state.samples, live, LIVE_SAMPLE_CAP);
      const soFar = run.soFar();
      this.push('sample', { ...live, runId: run.id, ...(soFar ? { soFar } : {}) });
    });
    run.on('log', (l) => {
      capPush(this.state.logs, l, LIVE_LOG_CAP);
      this.push('log', { ...l, runId: run.id });
    });
    this.finished = run.execute().then(async (summary) => {
      this.current = undefined;
      this.state.summary = summary;
      this.state.file = file.path() ?? null;
      if (this.state.file && planned.label) await this.labelFile(this.state.file, planned.label, run.id);
      this.push('runEnded', { runId: run.id, summary, file: this.state.file });
      return this.next(planned, run.id, summary);
    });
    return run.id;
  }

  private async next(planned: PlannedRun, runId: string, summary: Summary): Promise<Summary> {
    const plan = this.plan;
    if (!plan) return summary;
    plan.done.push({ planned, runId, summary });
    const following = plan.runs[plan.done.length];
    if (following && !plan.stopped) {
      this.launch(following);
      return (await this.finished) ?? summary;
    }
    this.plan = undefined;
    const group = planned.group;
    if (group) {
      const finished = plan.done.filter((d) => d.summary.status !== 'failed');
      // A grid's cells are its values: each combination of the swept settings' values.
      const valueOf = (d: { planned: PlannedRun }) => d.planned.group?.cell ?? d.planned.group?.value;
      const byValue = valueGroups(finished.map((d) => ({ value: valueOf(d), item: d.runId })));
      // A sweep with repeats is compared value against value on its runs, when they fit one comparison.
      if (group.kind === 'sweep' && byValue.some((g) => g.items.length > 1) && finished.length <= MAX_GROUP_RUNS) {
        this.push('groupEnded', {
          group,
          runIds: plan.done.map((d) => d.runId),
          compare: byValue.flatMap((g) => g.items),
          values: byValue.map((g) => g.value),
          groups: byValue.flatMap((g, i) => g.items.map(() => i)),
        });
        return summary;
      }
      const picked = representatives(
        finished.map((d) => ({ value: valueOf(d), opsPerSec: d.summary.total.opsPerSec.mean, item: d.runId })),
      );
      this.push('groupEnded', {
        group,
        runIds: plan.done.map((d) => d.runId),
        compare: picked.map((p) => p.item).slice(0, MAX_RUNS),
        values: picked.map((p) => p.value).slice(0, MAX_RUNS),
      });
    }
    return summary;
  }

  /** A sweep's run is labelled by its values; a label that cannot be written costs the run nothing but a log line. */
  private async labelFile(path: string, label: string, runId: string): Promise<void> {
    await this.library.labelRun({ file: basename(path), label }).catch((err: unknown) => {
      this.push('log', { at: Date.now(), level: 'warn', source: 'main', message: `could not label the run: ${errorMessage(err)}`, runId });
    });
  }

  startCapacity = async (p: { scenario?: unknown; slo: string; repeat: number }) => this.capacity.start(p);

  async stopRun() {
    if (!this.current) return { ok: false };
    if (this.plan) this.plan.stopped = true;
    this.capacity.stop();
    this.current.stop();
    return { ok: true };
  }

  async getState() {
    return this.state;
  }

  /** Stop any run (and what a plan had left) and wait for it to end (for shutdown). */
  async shutdown(): Promise<void> {
    if (this.plan) this.plan.stopped = true;
    this.capacity.stop();
    this.current?.stop();
    await this.finished;
    await this.agents?.close();
  }

  private push<P extends PushChannel>(channel: P, data: Pushes[P]): void {
    for (const l of this.listeners) {
      // One window's failure (a closed socket, a bug in its sender) never stops the run or the others' pushes.
      try {
        l(channel, data);
      } catch (err) {
        process.stderr.write(`kvscope: a ${channel} push failed: ${errorMessage(err)}\n`);
      }
    }
  }
}

function capPush<T>(buf: T[], item: T, cap: number): void {
  buf.push(item);
  if (buf.length > cap) buf.splice(0, buf.length - cap);
}
