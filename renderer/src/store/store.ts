import { create } from 'zustand';
import type { CompareView, LiveState, LocalTools } from '../../../app/protocol/bridge';
import type { FieldError, ScenarioInput } from '../../../app/scenario/schema';
import type { ConnectionState } from '../bridge/connection';
import { DEFAULT_WINDOW, type WindowId } from '../charts/windows';
import { appendCapped } from './buffer';
import { planFor } from './catalog-plan';
import { friendlyReason, validateDraft, type Draft } from './draft';
import { LIVE_LOG_CAP } from '../../../app/metrics/limits';
import { catchUpLive, emptyLive, isActivePhase, reduceLive } from './live';
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

type Data = Pick<KvState, 'page' | 'connection' | 'catalog' | 'catalogError' | 'localTools' | 'editor' | 'live' | 'view' | 'compare'>;

export function initialData(): Data {
  return {
    page: 'scenarios',
    connection: 'connecting',
    catalog: null,
    catalogError: null,
    localTools: null,
    editor: { source: null, plan: { repeat: '1', setting: '', values: '' }, draft: null, errors: [], startError: null, starting: false },
    live: emptyLive(),
    view: { window: DEFAULT_WINDOW, split: 'cluster' },
    compare: null,
  };
}

/** A run the window did not know about yet and that is still going: show it. */
function pageFor(s: Data, next: LiveRun): Page {
  return next.run && next.run.runId !== s.live.run?.runId && isActivePhase(next.phase) ? 'live' : s.page;
}

export const useKv = create<KvState>()((set) => ({
  ...initialData(),
  setPage: (page) => set({ page }),
  updatePlan: (p) => set((s) => ({ editor: { ...s.editor, plan: { ...s.editor.plan, ...p } } })),
  showRun: (state) => set((s) => ({ live: catchUpLive(state, []), page: 'live', view: { ...s.view, window: 'all' } })),
  showComparison: (compare) => set({ compare, page: 'compare' }),
  setConnection: (connection) => set({ connection }),
  setCatalog: (catalog) => set({ catalog, catalogError: null }),
  setCatalogError: (catalogError) => set({ catalogError }),
  setLocalTools: (localTools) => set({ localTools }),
  loadScenario: (s) => {
    const draft = structuredClone(s) as Draft;
    set((st) => ({
      editor: {
        source: s.name ?? null,
        plan: planFor(s.name, st.editor.source, st.editor.plan),
        draft,
        errors: validateDraft(draft),
        startError: null,
        starting: false,
      },
    }));
  },
  updateDraft: (edit) =>
    set((s) => {
      if (!s.editor.draft) return {};
      const draft = edit(s.editor.draft);
      return { editor: { ...s.editor, draft, errors: validateDraft(draft), startError: null } };
    }),
  startRequested: () => set((s) => ({ editor: { ...s.editor, starting: true, startError: null } })),
  startFailed: (message, errors) =>
    set((s) => ({
      editor: {
        ...s.editor,
        starting: false,
        startError: message,
        errors: errors.length ? errors.map((e) => ({ field: e.field, reason: friendlyReason(e.reason) })) : s.editor.errors,
      },
    })),
  startSucceeded: () => set((s) => ({ page: 'live', editor: { ...s.editor, starting: false } })),
  applyPushes: (events) =>
    set((s) => {
      const live = reduceLive(s.live, events);
      return { live, page: pageFor(s, live) };
    }),
  catchUp: (state, queued) =>
    set((s) => {
      const live = catchUpLive(state, queued);
      return { live, page: pageFor(s, live) };
    }),
  noteError: (message) =>
    set((s) => ({
      live: { ...s.live, logs: appendCapped(s.live.logs, [{ level: 'error', message, at: Date.now(), source: 'window' }], LIVE_LOG_CAP) },
    })),
  setWindow: (window) => set((s) => ({ view: { ...s.view, window } })),
  setSplit: (split) => set((s) => ({ view: { ...s.view, split } })),
}));

/** Back to a fresh window (tests, and nothing else, need this). */
export function resetStore(): void {
  useKv.setState(initialData());
}
