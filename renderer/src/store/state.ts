import type { CompareView, LiveState, LocalTools } from '../../../app/protocol/bridge';
import type { FieldError, ScenarioInput } from '../../../app/scenario/schema';
import type { ConnectionState } from '../bridge/connection';
import type { WindowRows } from '../chart-data/chartRows';
import type { WindowId } from '../chart-data/windows';
import type { Draft } from './draft';
import type { LiveRun, Page, PushEvent } from './types';

export type Split = 'cluster' | 'node';

export interface OpenComparison {
  /** The compared runs' files in the runs folder (copies of one run share an id, never a file). */
  files: string[];
  baseline: number;
  view: CompareView;
  /** Set when the comparison is of a sweep: the setting and its values, in run order. */
  sweep?: { setting: string; values: unknown[] };
  /** Set when the runs are repeats of one scenario: the page then leads with their median and spread. */
  repeat?: boolean;
}

/** Repeat and sweep as typed in the start bar: kept as text until Start reads them. */
export interface PlanDraft {
  repeat: string;
  setting: string;
  values: string;
}

export interface EditorState {
  /** Catalog name the draft started from. */
  source: string | null;
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
  live: LiveRun;
  view: { window: WindowId; split: Split };
  /** The chart rows inside `view.window`: derived, kept by every update (windowCut.ts). */
  cut: WindowRows;
  /** The comparison the Compare page shows: which runs, which is the baseline, and main's answer. */
  compare: OpenComparison | null;

  setPage(page: Page): void;
  /** Show a kept run on the Live page, as it was recorded. */
  showRun(state: LiveState): void;
  showComparison(c: OpenComparison): void;
  setConnection(c: ConnectionState): void;
  setCatalog(list: ScenarioInput[]): void;
  setCatalogError(message: string): void;
  setLocalTools(tools: LocalTools): void;
  loadScenario(s: ScenarioInput): void;
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
}
