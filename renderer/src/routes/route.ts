import { MAX_GROUP_RUNS, MAX_RUNS, MIN_RUNS } from '../../../app/stats/limits';
// Run files are plain names (main checks them again); anything else in a link is not a route.
import { RUN_FILE_NAME } from '../../../app/protocol/bridge';
import { WINDOWS, type WindowId } from '../chart-data/windows';
import type { Page } from '../store/types';

/**
 * What the address says the window shows. Hash routes, so they work in the
 * browser twin and under the Electron app protocol alike:
 *   #/scenarios   #/live   #/runs   #/compare (nothing chosen yet)
 *   #/run/FILE                      a kept run on the Live page
 *   #/compare/FILE,FILE?baseline=N  a comparison (FILE: a run file's name in the runs folder;
 *                                   `#/compare` alone, with no files, before any is chosen)
 *   #/compare/FILE,...?groups=0,0,1,1  runs compared in groups (the group of each file, in order)
 * and `?window=5m` (or `&window=`) for the chart window. The older compare link
 * `#compare=FILE,FILE&baseline=N` (kvscope compare --png) still opens.
 */
export type Route =
  | { page: PlainPage; window?: WindowId }
  | { page: 'run'; file: string; window?: WindowId }
  | { page: 'compare'; files: string[]; baseline: number; groups?: number[]; window?: WindowId };

type PlainPage = Exclude<Page, 'compare'>;
const PLAIN_PAGES: readonly string[] = ['scenarios', 'live', 'runs'] satisfies PlainPage[];

export function parseRoute(hash: string): Route | null {
  const raw = hash.replace(/^#/, '');
  if (raw.startsWith('compare=')) return compareRoute(new URLSearchParams(raw).get('compare') ?? '', new URLSearchParams(raw));
  const [path, query = ''] = raw.split('?', 2);
  const params = new URLSearchParams(query);
  const window = WINDOWS.find((w) => w.id === params.get('window'))?.id;
  const withWindow = <R extends Route>(r: R | null): R | null => (r && window ? { ...r, window } : r);
  const parts = path.split('/').filter((p) => p !== '');
  if (parts.length === 1 && PLAIN_PAGES.includes(parts[0])) return withWindow({ page: parts[0] as PlainPage });
  if (parts.length === 1 && parts[0] === 'compare') return withWindow({ page: 'compare', files: [], baseline: 0 });
  if (parts.length === 2 && parts[0] === 'run') {
    const file = safeDecode(parts[1]);
    return file !== null && RUN_FILE_NAME.test(file) ? withWindow({ page: 'run', file }) : null;
  }
  if (parts.length === 2 && parts[0] === 'compare') return withWindow(compareRoute(safeDecode(parts[1]) ?? '', params));
  return null;
}

function compareRoute(list: string, params: URLSearchParams): Route | null {
  const files = list.split(',').filter((f) => f !== '');
  const baseline = Number(params.get('baseline') ?? '0');
  const groups = params.get('groups')?.split(',').map(Number);
  const most = groups ? MAX_GROUP_RUNS : MAX_RUNS;
  if (files.length < MIN_RUNS || files.length > most || !files.every((f) => RUN_FILE_NAME.test(f))) return null;
  if (!Number.isInteger(baseline) || baseline < 0 || baseline >= files.length) return null;
  // Main checks the groups' order again; a link's are only read as whole numbers, one per file.
  if (groups && (groups.length !== files.length || !groups.every((g) => Number.isInteger(g) && g >= 0))) return null;
  return { page: 'compare', files, baseline, ...(groups ? { groups } : {}) };
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

export function formatRoute(r: Route): string {
  const query = new URLSearchParams();
  let path: string;
  if (r.page === 'run') path = `/run/${encodeURIComponent(r.file)}`;
  else if (r.page === 'compare' && r.files.length === 0) path = '/compare';
  else if (r.page === 'compare') {
    path = `/compare/${r.files.map(encodeURIComponent).join(',')}`;
    query.set('baseline', String(r.baseline));
    if (r.groups) query.set('groups', r.groups.join(','));
  } else path = `/${r.page}`;
  if (r.window) query.set('window', r.window);
  const q = query.toString();
  return `#${path}${q ? `?${q}` : ''}`;
}
