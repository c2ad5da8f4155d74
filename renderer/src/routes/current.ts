import type { KvState } from '../store/state';
import { isActivePhase } from '../store/live';
import type { Route } from './route';

const baseName = (path: string): string => path.split(/[/\\]/).pop() ?? path;

/**
 * The route of what the window shows now. A run that has ended and has its
 * file is a kept run (`#/run/FILE`), so a reload opens it again; a running
 * one is `#/live`. The chart window is part of the Live page's routes only.
 */
export function currentRoute(s: Pick<KvState, 'page' | 'live' | 'compare' | 'view'>): Route {
  const window = s.view.window;
  if (s.page === 'live') {
    const { file, run, phase } = s.live;
    return file && run && !isActivePhase(phase) ? { page: 'run', file: baseName(file), window } : { page: 'live', window };
  }
  if (s.page === 'compare') {
    const groups = s.compare?.groups;
    return { page: 'compare', files: s.compare?.files ?? [], baseline: s.compare?.baseline ?? 0, ...(groups ? { groups } : {}) };
  }
  return { page: s.page };
}

/** The same place in the app (so a change between them replaces the history entry rather than adding one). */
export function samePlace(a: Route, b: Route): boolean {
  const key = (r: Route): string =>
    r.page === 'run'
      ? `run:${r.file}`
      : r.page === 'compare'
        ? `compare:${r.files.join(',')}:${r.baseline}:${r.groups?.join(',') ?? ''}`
        : r.page;
  // A live run that ended and became a kept run is still where the user was.
  const liveAndRun = (x: Route, y: Route): boolean => x.page === 'live' && y.page === 'run';
  return key(a) === key(b) || liveAndRun(a, b) || liveAndRun(b, a);
}
