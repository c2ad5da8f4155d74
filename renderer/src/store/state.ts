import type { CompareView, LiveState, LocalTools, SavedList } from '../../../app/protocol/bridge';
import type { SourceKind } from './saved-draft';
import type { FieldError, ScenarioInput } from '../../../app/scenario/schema';
import type { ConnectionState } from '../bridge/connection';
import type { WindowRows } from '../chart-data/chartRows';
import type { WindowId } from '../chart-data/windows';
import type { Draft } from './draft';
import type { LiveRun, Page, PushEvent } from './types';
import type { LatencySource } from '../charts/spec';
import type { SweptValue } from '../../../app/plan/group';
import type { CapacityProgress } from '../../../app/capacity/progress';

export type Split = 'cluster' | 'node';
export type { LatencySource };

export interface OpenComparison {
  /** The compared runs' files in the runs folder (copies of one run share an id, never a file). */
  files: string[];
  baseline: number;
  /** Set when the runs are compared in groups: the group of each file, in order, the first the baseline. */
  groups?: number[];
  view: CompareView;
  /** Set when the comparison is of a sweep: the setting and its values, in run order. */
  sweep?: { setting: string; values: unknown[] };
  /** Set when the comparison is of a grid sweep: its settings (outer first) and each compared run's cell. */
  grid?: { settings: string[]; cells: SweptValue[][] };
  /** Set when the runs are repeats of one scenario: the page then leads with their median and spread. */
  repeat?: boolean;
}

/** Repeat and sweep as typed in the start bar: kept as text until Start reads them. */
export interface PlanDraft {
  repeat: string;
  setting: string;
  values: string;
  /** A second setting makes the sweep a grid: every combination, compared per value of the first. */
  innerSetting: string;
  innerValues: string;
  /** The objective of a capacity search, as `kvscope capacity --slo` takes it: "p99<2ms,errors<0.1%". */
  slo: string;
}

export interface EditorState {
  /** Name of the scenario the draft started from (or was last saved as). */
  source: string | null;
  sourceKind: SourceKind | null;
  /** The draft as loaded or last saved (saved-draft.ts canonical): anything else is an unsaved edit. */
  clean: string;
  plan: PlanDraft;
  draft: Draft | null;
  errors: FieldError[];
  startError: string | null;
  starting: boolean;
}

export interface KvState {
  page: Page;
  connection: ConnectionState;
  catalog: ScenarioInput[] | null;
  catalogError: string | null;
  /** What this machine has for local clusters (null until main answered). */
  localTools: LocalTools | null;
  editor: EditorState;
  /** The user's saved scenarios (null until main answered). */
  saved: SavedList | null;
  /** A scenario asked for while the editor has unsaved edits: shown once the user says discard. */
  pendingLoad: { scenario: ScenarioInput; kind: SourceKind } | null;
  live: LiveRun;
  view: { window: WindowId; split: Split; latency: LatencySource };
  /** The chart rows inside `view.window`: derived, kept by every update (windowCut.ts). */
  cut: WindowRows;
  /** The comparison the Compare page shows: which runs, which is the baseline, and main's answer. */
  compare: OpenComparison | null;
  /** The capacity search under way or last ended, as main last told it. */
  capacity: CapacityProgress | null;

  setPage(page: Page): void;
  setCapacity(p: CapacityProgress): void;
  /** Show a kept run on the Live page, as it was recorded. */
  showRun(state: LiveState): void;
  showComparison(c: OpenComparison): void;
  setConnection(c: ConnectionState): void;
  setCatalog(list: ScenarioInput[]): void;
  setCatalogError(message: string): void;
  setLocalTools(tools: LocalTools): void;
  loadScenario(s: ScenarioInput, kind?: SourceKind): void;
  /** Load a scenario, unless the editor has unsaved edits: then ask first (pendingLoad). */
  openScenario(s: ScenarioInput, kind: SourceKind): void;
  /** The answer to pendingLoad: discard the edits and open it, or keep editing. */
  resolvePendingLoad(discard: boolean): void;
  setSaved(list: SavedList): void;
  /** The draft was saved under `name`: it is now that saved scenario, with no unsaved edits. */
  markSaved(name: string): void;
  /** The saved scenario in the editor was deleted: its settings stay, as unsaved edits. */
  markUnsaved(): void;
  updateDraft(edit: (d: Draft) => Draft): void;
  updatePlan(p: Partial<PlanDraft>): void;
  startRequested(): void;
  startFailed(message: string, errors: FieldError[]): void;
  startSucceeded(): void;
  /** One batch of pushes, one store update. */
  applyPushes(events: readonly PushEvent[]): void;
  /** A state snapshot from main plus the pushes that arrived while it was on its way. */
  catchUp(state: LiveState, queued: readonly PushEvent[]): void;
  /** A problem of the window itself (e.g. a failed request), shown with the run's log. */
  noteError(message: string): void;
  setWindow(w: WindowId): void;
  setSplit(s: Split): void;
  setLatencySource(l: LatencySource): void;
}
