// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveState } from '../../app/protocol/bridge';
import { useRoute } from '../../renderer/src/hooks/useRoute';
import { currentRoute } from '../../renderer/src/routes/current';
import { formatRoute, parseRoute } from '../../renderer/src/routes/route';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, idleState, runInfo, stubResizeObserver, wrapper } from './fixtures';

beforeAll(stubResizeObserver);
beforeEach(() => {
  resetStore();
  window.history.replaceState(null, '', '#');
});
afterEach(cleanup);

const A = '2026-11-01T10-00-00-000Z_kv-async_aaaaaaaa.ndjson';
const B = '2026-11-01T11-00-00-000Z_kv-cluster_bbbbbbbb.ndjson';

describe('routes in the address', () => {
  it('reads pages, a kept run, a comparison and the window, and writes them back the same', () => {
    expect(parseRoute('#/runs')).toEqual({ page: 'runs' });
    expect(parseRoute('#/compare')).toEqual({ page: 'compare', files: [], baseline: 0 });
    expect(parseRoute(`#/run/${A}?window=15m`)).toEqual({ page: 'run', file: A, window: '15m' });
    expect(parseRoute(`#/compare/${A},${B}?baseline=1`)).toEqual({ page: 'compare', files: [A, B], baseline: 1 });
    expect(parseRoute(`#/compare/${A},${B}?baseline=0&groups=0,1`)).toEqual({
      page: 'compare',
      files: [A, B],
      baseline: 0,
      groups: [0, 1],
    });
    expect(formatRoute({ page: 'compare', files: [A, B], baseline: 0, groups: [0, 1] })).toMatch(/\?baseline=0&groups=0%2C1$/);
    expect(parseRoute(`#/compare/${A},${B}?groups=0,x`)).toBeNull();
    for (const r of [
      { page: 'scenarios' as const },
      { page: 'live' as const, window: '1m' as const },
      { page: 'run' as const, file: A, window: 'all' as const },
      { page: 'compare' as const, files: [A, B], baseline: 0 },
      { page: 'compare' as const, files: [], baseline: 0 },
    ])
      expect(parseRoute(formatRoute(r))).toEqual(r);
  });

  it("still opens kvscope compare's older link", () => {
    expect(parseRoute(`#compare=${A},${B}&baseline=1`)).toEqual({ page: 'compare', files: [A, B], baseline: 1 });
    expect(parseRoute(`#compare=${A}`)).toBeNull();
  });

  it('refuses what is not a route: unknown pages, folders, non-run files, a baseline out of range, a bad window', () => {
    expect(parseRoute('#/settings')).toBeNull();
    expect(parseRoute(`#/run/..%2F..%2Fetc%2Fpasswd`)).toBeNull();
    expect(parseRoute('#/run/notes.txt')).toBeNull();
    expect(parseRoute(`#/compare/${A},${B}?baseline=2`)).toBeNull();
    expect(parseRoute(`#/compare/${A}`)).toBeNull();
    expect(parseRoute('#/live?window=2h')).toEqual({ page: 'live' });
    expect(parseRoute('#/run/%E0%A4%A')).toBeNull();
    expect(parseRoute('')).toBeNull();
  });

  it('names a run that has ended by its file, and a running one as live', () => {
    const s = useKv.getState();
    const live = { ...s.live, run: runInfo(), phase: 'running' as const, file: `/home/u/runs/${A}` };
    expect(currentRoute({ ...s, page: 'live', live })).toEqual({ page: 'live', window: s.view.window });
    expect(currentRoute({ ...s, page: 'live', live: { ...live, phase: 'done' } })).toEqual({ page: 'run', file: A, window: s.view.window });
  });
});

function Host() {
  useRoute();
  return null;
}

const kept = (file: string): LiveState => ({ ...idleState(), run: runInfo('kept-1'), phase: 'done', file: `/runs/${file}` });

describe('useRoute', () => {
  it('opens the run a reloaded address names, then keeps the address in step with the pages, with Back working', async () => {
    window.history.replaceState(null, '', `#/run/${A}?window=1m`);
    const fake = fakeBridge();
    fake.library.open = async (file) => kept(file);
    render(<Host />, { wrapper: wrapper(fake.bridge) });
    await waitFor(() => expect(useKv.getState().page).toBe('live'));
    expect(fake.calls.filter((c) => c.channel === 'openRun').map((c) => c.payload)).toEqual([{ file: A }]);
    expect(useKv.getState().view.window).toBe('1m');
    expect(window.location.hash).toBe(`#/run/${A}?window=1m`);

    act(() => useKv.getState().setPage('runs'));
    expect(window.location.hash).toBe('#/runs');
    act(() => useKv.getState().setWindow('all'));
    expect(window.location.hash).toBe('#/runs');

    // Back: the address goes first, the window follows it.
    await act(async () => {
      window.history.back();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(useKv.getState().page).toBe('live');
    expect(useKv.getState().view.window).toBe('1m');
    expect(window.location.hash).toBe(`#/run/${A}?window=1m`);
    expect(fake.calls.filter((c) => c.channel === 'openRun')).toHaveLength(1);
  });

  it('opens the comparison an address names', async () => {
    window.history.replaceState(null, '', `#/compare/${A},${B}?baseline=1`);
    const fake = fakeBridge();
    fake.library.compare = async () => ({ runs: [], baseline: 1 }) as never;
    render(<Host />, { wrapper: wrapper(fake.bridge) });
    await waitFor(() => expect(useKv.getState().page).toBe('compare'));
    expect(useKv.getState().compare).toMatchObject({ files: [A, B], baseline: 1 });
    expect(window.location.hash).toBe(`#/compare/${A},${B}?baseline=1`);
  });

  it('falls back to the Runs page, saying why, when the named run cannot be opened', async () => {
    window.history.replaceState(null, '', `#/run/${A}`);
    const fake = fakeBridge();
    fake.library.open = async () => {
      throw new Error('no such run');
    };
    render(<Host />, { wrapper: wrapper(fake.bridge) });
    await waitFor(() => expect(useKv.getState().page).toBe('runs'));
    expect(useKv.getState().live.logs.at(-1)?.message).toMatch(/could not open the run .*no such run/);
    expect(window.location.hash).toBe('#/runs');
  });
});
