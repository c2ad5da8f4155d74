import { create } from 'zustand';
import { appendCapped } from '../chart-data/buffer';
import { planFor } from './catalog-plan';
import { validateDraft, type Draft } from './draft';
import { friendlyReason } from '../../../app/scenario/friendly-reason';
import { LIVE_LOG_CAP } from '../../../app/metrics/limits';
import { catchUpLive, emptyLive, isActivePhase, reduceLive } from './live';
import type { KvState } from './state';
import type { LiveRun, Page } from './types';
import { saveWindow, savedWindow } from './savedWindow';
import { cutOf, keepingCut } from './windowCut';
import { canonical, hasUnsavedEdits } from './saved-draft';

export type { EditorState, KvState, LatencySource, OpenComparison, PlanDraft, Split } from './state';

type Data = Pick<
  KvState,
  | 'page'
  | 'connection'
  | 'catalog'
  | 'catalogError'
  | 'localTools'
  | 'editor'
  | 'saved'
  | 'pendingLoad'
  | 'live'
  | 'view'
  | 'cut'
  | 'compare'
  | 'capacity'
>;

function initialData(): Data {
  const live = emptyLive();
  const window = savedWindow();
  return {
    page: 'scenarios',
    connection: 'connecting',
    catalog: null,
    catalogError: null,
    localTools: null,
    editor: {
      source: null,
      sourceKind: null,
      clean: canonical(null),
      plan: { repeat: '1', setting: '', values: '', innerSetting: '', innerValues: '', slo: '' },
      draft: null,
      errors: [],
      startError: null,
      starting: false,
    },
    saved: null,
    pendingLoad: null,
    live,
    view: { window, split: 'cluster', latency: 'client' },
    cut: cutOf(live.rows, window),
    compare: null,
    capacity: null,
  };
}

/** A run the window did not know about yet and that is still going: show it. */
function pageFor(s: Data, next: LiveRun): Page {
  return next.run && next.run.runId !== s.live.run?.runId && isActivePhase(next.phase) ? 'live' : s.page;
}

export const useKv = create<KvState>()((rawSet, get, api) => {
  const set = keepingCut(rawSet, get);
  // Every update, the store's own and a direct useKv.setState alike, goes through it.
  api.setState = set;
  return {
    ...initialData(),
    setPage: (page) => set({ page }),
    setCapacity: (capacity) => set({ capacity }),
    updatePlan: (p) => set((s) => ({ editor: { ...s.editor, plan: { ...s.editor.plan, ...p } } })),
    showRun: (state) => set((s) => ({ live: catchUpLive(state, []), page: 'live', view: { ...s.view, window: 'all' } })),
    showComparison: (compare) => set({ compare, page: 'compare' }),
    setConnection: (connection) => set({ connection }),
    setCatalog: (catalog) => set({ catalog, catalogError: null }),
    setCatalogError: (catalogError) => set({ catalogError }),
    setLocalTools: (localTools) => set({ localTools }),
    loadScenario: (s, kind = 'built-in') => {
      const draft = structuredClone(s) as Draft;
      set((st) => ({
        pendingLoad: null,
        editor: {
          source: s.name ?? null,
          sourceKind: kind,
          clean: canonical(draft),
          plan: planFor(s.name, st.editor.source, st.editor.plan),
          draft,
          errors: validateDraft(draft),
          startError: null,
          starting: false,
        },
      }));
    },
    openScenario: (s, kind) => {
      if (hasUnsavedEdits(get().editor)) set({ pendingLoad: { scenario: s, kind } });
      else get().loadScenario(s, kind);
    },
    resolvePendingLoad: (discard) => {
      const p = get().pendingLoad;
      if (p && discard) get().loadScenario(p.scenario, p.kind);
      else set({ pendingLoad: null });
    },
    setSaved: (saved) => set({ saved }),
    markSaved: (name) =>
      set((s) => {
        if (!s.editor.draft) return {};
        const draft = { ...s.editor.draft, name };
        return { editor: { ...s.editor, draft, errors: validateDraft(draft), source: name, sourceKind: 'saved', clean: canonical(draft) } };
      }),
    markUnsaved: () => set((s) => ({ editor: { ...s.editor, source: null, sourceKind: null, clean: canonical(null) } })),
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
    setWindow: (window) => {
      saveWindow(window);
      set((s) => ({ view: { ...s.view, window } }));
    },
    setSplit: (split) => set((s) => ({ view: { ...s.view, split } })),
    setLatencySource: (latency) => set((s) => ({ view: { ...s.view, latency } })),
  };
});

/** Back to a fresh window (tests, and nothing else, need this). */
export function resetStore(): void {
  useKv.setState(initialData());
}
