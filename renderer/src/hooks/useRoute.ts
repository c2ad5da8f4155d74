import { useEffect } from 'react';
import { useBridge } from '../bridge/context';
import { useKv } from '../store/store';
import { errorMessage } from '../../../app/error-message';
import { formatRoute, parseRoute, type Route } from '../routes/route';
import { currentRoute, samePlace } from '../routes/current';
import type { Bridge } from '../../../app/protocol/bridge';

/**
 * Keeps the address and the window in step (no UI of its own): the address
 * is read on load and on Back and Forward, and every change of page, run,
 * comparison or chart window is written back, a new history entry for a new
 * place and a replaced one for the same place (a window change, a live run
 * that ended). While a route's run or comparison is still being fetched the
 * address is left as it is, so a reload never loses it.
 */
export function useRoute(): void {
  const { bridge } = useBridge();
  useEffect(() => {
    let pending = 0;
    const apply = (): void => {
      const route = parseRoute(window.location.hash);
      if (!route) return;
      const fetching = applyRoute(route, bridge);
      if (!fetching) return;
      pending++;
      void fetching.finally(() => {
        pending--;
        write();
      });
    };
    let written = currentRoute(useKv.getState());
    const write = (): void => {
      if (pending > 0) return;
      const route = currentRoute(useKv.getState());
      const hash = formatRoute(route);
      if (hash === window.location.hash) {
        written = route;
        return;
      }
      if (samePlace(route, written)) window.history.replaceState(null, '', hash);
      else window.history.pushState(null, '', hash);
      written = route;
    };
    apply();
    write();
    const unsubscribe = useKv.subscribe(write);
    window.addEventListener('hashchange', apply);
    return () => {
      unsubscribe();
      window.removeEventListener('hashchange', apply);
    };
  }, [bridge]);
}

/** Shows the route; a promise while its run or comparison is fetched from main. */
function applyRoute(r: Route, bridge: Bridge): Promise<void> | undefined {
  const kv = useKv.getState();
  if (r.window && r.window !== kv.view.window) kv.setWindow(r.window);
  const fail = (what: string) => (err: unknown) => {
    useKv.getState().noteError(`could not open ${what}: ${errorMessage(err)}`);
    useKv.getState().setPage('runs');
  };
  if (r.page === 'run') {
    if (kv.live.file?.endsWith(r.file)) return void kv.setPage('live');
    return bridge.openRun({ file: r.file }).then(
      (state) => {
        useKv.getState().showRun(state);
        if (r.window) useKv.getState().setWindow(r.window);
      },
      fail(`the run ${r.file}`),
    );
  }
  if (r.page === 'compare' && r.files.length > 0) {
    const open = kv.compare;
    const same = open && open.baseline === r.baseline && open.files.join(',') === r.files.join(',');
    if (same && open.groups?.join(',') === r.groups?.join(',')) return void kv.setPage('compare');
    const groups = r.groups ? { groups: r.groups } : {};
    return bridge
      .compareRuns({ files: r.files, baseline: r.baseline, ...groups })
      .then(
        (view) => useKv.getState().showComparison({ files: r.files, baseline: r.baseline, ...groups, view }),
        fail('the compared runs'),
      );
  }
  kv.setPage(r.page === 'compare' ? 'compare' : r.page);
  return undefined;
}
