import { useCatalog } from './hooks/useCatalog';
import { useLocalTools } from './hooks/useLocalTools';
import { useLiveStream } from './hooks/useLiveStream';
import { useGroupComparison } from './hooks/useGroupComparison';
import { useCapacity } from './hooks/useCapacity';
import { useRoute } from './hooks/useRoute';
import { useTheme } from './hooks/useTheme';
import { ThemeToggle } from './components/ThemeToggle';
import { phaseLabel } from './components/live/progress';
import { LivePage } from './pages/LivePage';
import { ScenariosPage } from './pages/ScenariosPage';
import { RunsPage } from './pages/RunsPage';
import { ComparePage } from './pages/ComparePage';
import { createElement, useEffect, type JSX } from 'react';
import { isActivePhase } from './store/live';
import { useKv } from './store/store';
import type { Page } from './store/types';

const TABS: { id: Page; label: string }[] = [
  { id: 'scenarios', label: 'Scenarios' },
  { id: 'live', label: 'Live' },
  { id: 'runs', label: 'Runs' },
  { id: 'compare', label: 'Compare' },
];

const PAGES: Record<Page, () => JSX.Element> = { scenarios: ScenariosPage, live: LivePage, runs: RunsPage, compare: ComparePage };

const CONNECTION_TEXT = { connecting: 'Connecting…', open: 'Connected', closed: 'Disconnected — retrying' } as const;

export function App() {
  useLiveStream();
  useCatalog();
  useLocalTools();
  useGroupComparison();
  useCapacity();
  useRoute();
  useTheme();
  const page = useKv((s) => s.page);
  // Each page opens at its top: Live with its progress and Stop, Compare with its exports.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [page]);
  const connection = useKv((s) => s.connection);
  const phase = useKv((s) => s.live.phase);
  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">kvscope</span>
        <nav className="tabs" aria-label="pages">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              className={t.id === page ? 'tab active' : 'tab'}
              aria-current={t.id === page ? 'page' : undefined}
              data-testid={`nav-${t.id}`}
              onClick={() => useKv.getState().setPage(t.id)}
            >
              {t.label}
              {t.id === 'live' && isActivePhase(phase) && <span className="live-dot" title={phaseLabel(phase)} />}
            </button>
          ))}
        </nav>
        <ThemeToggle />
        <span className={`connection connection-${connection}`} data-testid="connection" data-state={connection}>
          {CONNECTION_TEXT[connection]}
        </span>
      </header>
      <main className="content">{createElement(PAGES[page])}</main>
    </div>
  );
}
