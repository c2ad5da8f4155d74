import { z } from 'zod';
import type { CapacityProgress } from '../capacity/progress';
import type { Sample } from '../metrics/sample';
import type { RunStatus, Summary } from '../metrics/summary';
import { MAX_LABEL_LENGTH, MAX_REPEAT, MAX_SWEEP_SETTINGS, MAX_SWEEP_VALUES, type RunGroup } from '../plan/group';
import type { Comparison } from '../stats/compare';
import { MAX_GROUP_RUNS, MAX_GROUPS, MAX_RUNS, MIN_RUNS } from '../stats/limits';
import type { LogEntry, Phase, PhaseMark, RunFacts } from '../run/format';
import type { FieldError, Scenario, ScenarioInput } from '../scenario/schema';
import { MAX_SAVED_NAME, MAX_SCENARIO_FILE_CHARS, SAVED_NAME } from '../scenario/saved';
import { NODE_VERSION_SPEC } from '../scenario/node-version';
import { CLIENT_SPEC, type ClientPackage } from '../scenario/client-version';

/**
 * The Bridge: everything the window may ask of main, and everything main
 * pushes to it. Declared once here; the Electron preload, the IPC handlers,
 * the WebSocket server and the renderer client are all derived from it.
 */

/** A sample as the window receives it: percentiles kept, histograms left in the run file. */
export type LiveSample = Omit<Sample, 'ops'> & { ops: Record<string, Omit<Sample['ops'][string], 'hist'>> };

export function toLiveSample(s: Sample): LiveSample {
  const ops: LiveSample['ops'] = {};
  for (const [k, { hist: _hist, ...rest }] of Object.entries(s.ops)) ops[k] = rest;
  return { ...s, ops };
}

export interface RunInfo {
  runId: string;
  /** Set when this run is one of a repeat or sweep. */
  group?: RunGroup;
  scenario: Scenario;
  /** Seconds of warm-up and of the measured phase, for the progress bar. */
  warmupSeconds: number;
  runSeconds: number;
  startedAt: number;
  /** When second 0 began (epoch ms), once the run has begun: the charts label seconds with the clock. */
  clock0?: number;
}

/** What the window needs to (re)draw the live view at any moment. */
export interface LiveState {
  run: RunInfo | null;
  phase: Phase | 'idle';
  samples: LiveSample[];
  logs: LogEntry[];
  summary: Summary | null;
  file: string | null;
}

/** The user's saved scenarios, and files in their folder that are not one (each with why). */
export interface SavedList {
  scenarios: ScenarioInput[];
  problems: string[];
}
export type SaveResult = { ok: true; list: SavedList } | { ok: false; errors: FieldError[]; message: string };

/** An objective is a few conditions: "p99<2ms,p99.9<10ms,errors<0.1%" with room to spare. */
const MAX_SLO_CHARS = 200;

export type StartResult = { ok: true; runId: string } | { ok: false; errors: FieldError[]; message: string };
export type Validation = { ok: true } | { ok: false; errors: FieldError[] };

const empty = z.object({}).strict();
/** A saved scenario, named as its file in the scenarios folder is (main checks the rest of the name rule). */
const savedName = z.string().min(1).max(MAX_SAVED_NAME).regex(SAVED_NAME, 'a saved scenario name');

export { MAX_LABEL_LENGTH };
const MAX_FILE_NAME = 255;
/**
 * A kept run, named by its file in the runs folder (RunListItem.file): a
 * plain name ending .ndjson. Runs are addressed by file, not header id, since
 * copies of one run share an id. Main resolves it inside the runs folder.
 */
/** A run file's name in the runs folder: a plain name, no folder (the window's links use it too). */
export const RUN_FILE_NAME = /^[^/\\\0]+\.ndjson$/;
const runFile = z.string().min(1).max(MAX_FILE_NAME).regex(RUN_FILE_NAME, 'a run file name: a plain name ending .ndjson, without a folder');
/**
 * A run file imported through the window: a long run's NDJSON fits (a 1-hour
 * run is a few MB). The browser's HTTP upload (main/serve/import-upload.ts)
 * takes at most as many bytes, which decode to at most as many characters.
 */
export const MAX_IMPORT_CHARS = 200 * 1024 * 1024;

/** Files the window can ask for: a run's seconds, its original-benchmark CSV, the run file itself, a comparison's table or series. */
const EXPORT_KINDS = [
  'run-seconds',
  'run-nodes',
  'run-bench',
  'run-bench-clients',
  'run-file',
  'run-html',
  'compare-summary',
  'compare-series',
  'compare-html',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A run in the library, as the Runs page lists it; `file` (its name in the runs folder) is how requests name it. */
export interface RunListItem extends RunFacts {
  status: RunStatus | 'unreadable';
  label: string;
  error?: string;
}

/** A comparison with the per-second series its overlay charts draw, aligned by measured second. */
export interface CompareView {
  comparison: Comparison;
  /** Per op type (and 'total'), one throughput series per run; null where a run has no such op. */
  throughput: Record<string, (number[] | null)[]>;
  /** p99 of all ops per second (ms) and client RSS (MiB), one series per run. */
  p99: number[][];
  memory: number[][];
  /** Each run's server-side p99 per second (ms, the slowest node's; null where none), null for a run without. */
  serverP99: ((number | null)[] | null)[];
  /** The machine each run ran on, in one line (app/report/report-head.ts). */
  machines: string[];
}

/** Whether this machine can start a local cluster of a kind, and why not (or with what). */
interface ToolStatus {
  available: boolean;
  detail: string;
}

export interface LocalTools {
  redis: ToolStatus;
  hazelcast: ToolStatus;
}

/** A Node runtime the editor's select offers: the scenario's `node` value and what to show. */
export interface RuntimeOption {
  value: string;
  label: string;
}
export type InstallResult = { ok: true; version: string; options: RuntimeOption[] } | { ok: false; message: string };

/** A load generator the coordinator knows: an agent, with its last heartbeat. */
export interface AgentView {
  name: string;
  host: string;
  cores: number;
  memoryBytes: number;
  node: string;
  kvscope: string;
  /** up and free, in a run, or lost (silent for AGENT_LOST_MS). */
  state: 'up' | 'busy' | 'lost';
  lastSeenAt: number;
}
export interface AgentsView {
  /** The NATS server agents are reached through; null when none is set (config.json "nats", or serve --nats). */
  nats: string | null;
  agents: AgentView[];
}

/** A client version a target's `client` may name: the bundled one or one in kvscope's cache. */
export interface ClientOption {
  pkg: ClientPackage;
  version: string;
  bundled: boolean;
}
export type ClientInstallResult = { ok: true; spec: string; clients: ClientOption[] } | { ok: false; message: string };

export interface ExportedFile {
  name: string;
  mime: string;
  text: string;
}

/** The group of each compared file, the first group the baseline: files come group by group (0, 0, 1, 1, 1, ...). */
const compareGroupsField = z
  .array(
    z
      .number()
      .int()
      .min(0)
      .max(MAX_GROUPS - 1),
  )
  .max(MAX_GROUP_RUNS);

/** Runs one a side take up to MAX_RUNS files; in groups, up to MAX_GROUP_RUNS, each with its group, in order. */
function checkGroups(p: { files: string[]; groups?: number[] }, ctx: z.RefinementCtx): void {
  const g = p.groups;
  if (!g) {
    if (p.files.length > MAX_RUNS)
      ctx.addIssue({ code: 'custom', path: ['files'], message: `at most ${MAX_RUNS} runs one a side (${MAX_GROUP_RUNS} in groups)` });
    return;
  }
  if (g.length !== p.files.length) ctx.addIssue({ code: 'custom', path: ['groups'], message: 'one group per file' });
  else if (g[0] !== 0 || g.some((x, i) => i > 0 && x !== g[i - 1] && x !== g[i - 1] + 1) || g[g.length - 1] < 1)
    ctx.addIssue({ code: 'custom', path: ['groups'], message: 'groups must run 0, 1, 2, ... in file order, at least two of them' });
}

const comparePayload = z
  .object({
    files: z.array(runFile).min(MIN_RUNS).max(MAX_GROUP_RUNS),
    baseline: z
      .number()
      .int()
      .min(0)
      .max(MAX_RUNS - 1),
    groups: compareGroupsField.optional(),
  })
  .strict()
  .superRefine(checkGroups);

/** Requests: channel -> payload schema (validated where it arrives) and result type. */
const REQUESTS = {
  listScenarios: { payload: empty },
  localTools: { payload: empty },
  listRuntimes: { payload: empty },
  // An explicit Install in the dashboard: a Node version only (22, 22.11, 22.11.0), never a URL or a path.
  installRuntime: { payload: z.object({ version: z.string().regex(NODE_VERSION_SPEC, 'a Node version: 22, 22.11 or 22.11.0') }).strict() },
  listClients: { payload: empty },
  listAgents: { payload: empty },
  // An explicit Install in the dashboard: a client kvscope drives at an exact version, never a URL, tag or path.
  installClient: {
    payload: z.object({ spec: z.string().regex(CLIENT_SPEC, 'a client and an exact version, e.g. ioredis@4.28.5') }).strict(),
  },
  validateScenario: { payload: z.object({ scenario: z.unknown() }).strict() },
  startRun: {
    payload: z
      .object({
        scenario: z.unknown(),
        // Run it N times, or once per value of one setting (each value N times).
        plan: z
          .object({
            repeat: z.number().int().min(1).max(MAX_REPEAT),
            // One setting is a sweep; two or more, outer first, a grid of every combination.
            sweeps: z
              .array(z.object({ setting: z.string().min(1).max(200), values: z.array(z.unknown()).min(2).max(MAX_SWEEP_VALUES) }).strict())
              .max(MAX_SWEEP_SETTINGS)
              .optional(),
            label: z.string().max(MAX_LABEL_LENGTH).optional(),
          })
          .strict()
          .optional(),
      })
      .strict(),
  },
  // A capacity search (kvscope capacity): its objective as the CLI's --slo takes it, each step repeated N times.
  startCapacity: {
    payload: z
      .object({ scenario: z.unknown(), slo: z.string().min(1).max(MAX_SLO_CHARS), repeat: z.number().int().min(1).max(MAX_REPEAT) })
      .strict(),
  },
  stopRun: { payload: empty },
  getState: { payload: empty },
  listRuns: { payload: empty },
  openRun: { payload: z.object({ file: runFile }).strict() },
  labelRun: { payload: z.object({ file: runFile, label: z.string().max(MAX_LABEL_LENGTH) }).strict() },
  deleteRun: { payload: z.object({ file: runFile }).strict() },
  importRun: { payload: z.object({ name: z.string().min(1).max(MAX_FILE_NAME), text: z.string().max(MAX_IMPORT_CHARS) }).strict() },
  savedScenarios: { payload: empty },
  saveScenario: { payload: z.object({ scenario: z.unknown(), replace: z.boolean() }).strict() },
  renameScenario: { payload: z.object({ from: savedName, to: z.string().max(MAX_SAVED_NAME * 4) }).strict() },
  deleteScenario: { payload: z.object({ name: savedName }).strict() },
  importScenario: { payload: z.object({ text: z.string().max(MAX_SCENARIO_FILE_CHARS * 4) }).strict() },
  compareRuns: { payload: comparePayload },
  exportFile: {
    payload: z
      .object({
        kind: z.enum(EXPORT_KINDS),
        files: z.array(runFile).min(1).max(MAX_GROUP_RUNS),
        baseline: z
          .number()
          .int()
          .min(0)
          .max(MAX_RUNS - 1)
          .optional(),
        groups: compareGroupsField.optional(),
      })
      .strict()
      .superRefine(checkGroups),
  },
} as const;

export interface RequestResults {
  listScenarios: ScenarioInput[];
  localTools: LocalTools;
  listRuntimes: RuntimeOption[];
  installRuntime: InstallResult;
  listClients: ClientOption[];
  listAgents: AgentsView;
  installClient: ClientInstallResult;
  validateScenario: Validation;
  startRun: StartResult;
  startCapacity: StartResult;
  stopRun: { ok: boolean };
  getState: LiveState;
  listRuns: RunListItem[];
  openRun: LiveState;
  labelRun: { ok: true };
  deleteRun: { ok: true };
  importRun: RunListItem;
  savedScenarios: SavedList;
  saveScenario: SaveResult;
  renameScenario: SaveResult;
  deleteScenario: SavedList;
  importScenario: SaveResult;
  compareRuns: CompareView;
  exportFile: ExportedFile;
}

export type RequestChannel = keyof typeof REQUESTS;
export type RequestPayload<C extends RequestChannel> = z.infer<(typeof REQUESTS)[C]['payload']>;
export const REQUEST_CHANNELS = Object.keys(REQUESTS) as RequestChannel[];

/** Pushes: main -> window, never answered. */
export interface Pushes {
  runStarted: RunInfo;
  phase: PhaseMark & { runId: string };
  /** With the run so far (its measured seconds, summarized as the final summary will be), for the tiles. */
  sample: LiveSample & { runId: string; soFar?: Summary };
  log: LogEntry & { runId: string | null };
  runEnded: { runId: string; summary: Summary; file: string | null };
  /**
   * The last run of a repeat or sweep has ended (or the plan was stopped).
   * `compare` holds one run per swept value (the one nearest that value's
   * median ops/s), in value order, for the automatic comparison.
   */
  /** `compare`: the runs to compare, one a value; or, with `groups`, a sweep's runs value by value, `groups` the value of each. */
  groupEnded: { group: RunGroup; runIds: string[]; compare: string[]; values: unknown[]; groups?: number[] };
  /** A capacity search's steps so far, after each; with `end` once it has ended. */
  capacity: CapacityProgress;
  /** A line of progress of a Node install the dashboard asked for. */
  runtimeInstall: { version: string; line: string };
  /** A line of progress of a client install the dashboard asked for. */
  clientInstall: { spec: string; line: string };
}
export type PushChannel = keyof Pushes;
export const PUSH_CHANNELS: readonly PushChannel[] = [
  'runStarted',
  'phase',
  'sample',
  'log',
  'runEnded',
  'groupEnded',
  'capacity',
  'runtimeInstall',
  'clientInstall',
];

/** The one API the renderer sees, whatever the transport (Electron IPC or WebSocket). */
export type Bridge = {
  [C in RequestChannel]: (payload: RequestPayload<C>) => Promise<RequestResults[C]>;
} & {
  /** Subscribe to every push; returns the unsubscribe function. */
  onPush(listener: <P extends PushChannel>(channel: P, data: Pushes[P]) => void): () => void;
};

/** Main-side implementation of the requests. */
export type BridgeHandlers = {
  [C in RequestChannel]: (payload: RequestPayload<C>) => Promise<RequestResults[C]>;
};

/** The Electron IPC channel name of a request or push. */
export const ipcChannel = (c: RequestChannel | PushChannel): string => `kvscope:${c}`;

/**
 * Validate a request where it arrives and dispatch it; an unknown channel or a
 * bad payload is rejected with a message naming it.
 */
export async function dispatchRequest(handlers: BridgeHandlers, channel: unknown, payload: unknown): Promise<unknown> {
  // Own keys only: `constructor`, `__proto__` and `toString` are Object's, not requests.
  if (typeof channel !== 'string' || !Object.hasOwn(REQUESTS, channel)) throw new Error(`unknown request ${String(channel)}`);
  const c = channel as RequestChannel;
  const r = REQUESTS[c].payload.safeParse(payload ?? {});
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(`${c}: ${issue.path.join('.') || 'payload'} ${issue.message}`);
  }
  return (handlers[c] as (p: unknown) => Promise<unknown>)(r.data);
}
