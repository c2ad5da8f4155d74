// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompareView, RunListItem } from '../../app/protocol/bridge';
import { compareRuns } from '../../app/stats/compare';
import { parseCompareLink } from '../../renderer/src/hooks/useCompareLink';
import { useGroupComparison } from '../../renderer/src/hooks/useGroupComparison';
import { ComparePage } from '../../renderer/src/pages/ComparePage';
import { RunsPage } from '../../renderer/src/pages/RunsPage';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fixtureRun, steady } from '../unit/run-fixture';
import { fakeBridge, stubResizeObserver, wrapper } from './fixtures';

beforeAll(stubResizeObserver);
beforeEach(resetStore);
afterEach(cleanup);

function item(id: string, scenario: string, opsPerSec: number, createdAt: string, over: Partial<RunListItem> = {}): RunListItem {
  return { id, file: `${createdAt}_${scenario}_${id}.ndjson`, scenario, target: 'builtin-kv', createdAt, seconds: 10, opsPerSec, p99: 2000, status: 'done', label: '', group: null, ...over };
}

const RUNS = [
  item('aaaaaaaa-1', 'kv-async', 100, '2026-11-01T10:00:00.000Z'),
  item('bbbbbbbb-2', 'kv-cluster', 300, '2026-11-01T11:00:00.000Z'),
  item('cccccccc-3', 'redis-mix', 200, '2026-11-01T12:00:00.000Z', { target: 'redis', status: 'interrupted' }),
];

const rowIds = () => screen.getAllByTestId(/^run-row-/).map((r) => r.getAttribute('data-testid'));

describe('the Runs page', () => {
  it('lists runs newest first, sorts by ops/s and filters by any shown text', async () => {
    const fake = fakeBridge();
    fake.library.runs = RUNS;
    render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    await screen.findByTestId('runs-table');
    expect(rowIds()).toEqual(['run-row-cccccccc', 'run-row-bbbbbbbb', 'run-row-aaaaaaaa']);
    fireEvent.click(screen.getByTestId('sort-ops'));
    expect(rowIds()).toEqual(['run-row-bbbbbbbb', 'run-row-cccccccc', 'run-row-aaaaaaaa']);
    fireEvent.change(screen.getByTestId('runs-filter'), { target: { value: 'interrupted' } });
    expect(rowIds()).toEqual(['run-row-cccccccc']);
  });

  it('deletes only after confirmation, and compares the picked runs with the first picked as baseline', async () => {
    const fake = fakeBridge();
    fake.library.runs = RUNS;
    const view = { comparison: { runs: [], baseline: 0, settings: [], throughput: [], p99: [], latency: [] }, throughput: {}, p99: [], memory: [] } as CompareView;
    fake.library.compare = async () => view;
    render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    await screen.findByTestId('runs-table');
    fireEvent.click(screen.getByTestId('delete-aaaaaaaa'));
    expect(fake.calls.some((c) => c.channel === 'deleteRun')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-delete-aaaaaaaa'));
    await waitFor(() => expect(fake.calls.find((c) => c.channel === 'deleteRun')?.payload).toEqual({ id: 'aaaaaaaa-1' }));
    await waitFor(() => expect(rowIds()).toEqual(['run-row-cccccccc', 'run-row-bbbbbbbb']));
    expect((screen.getByTestId('compare-button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('pick-bbbbbbbb'));
    fireEvent.click(screen.getByTestId('pick-cccccccc'));
    fireEvent.click(screen.getByTestId('compare-button'));
    await waitFor(() => expect(useKv.getState().page).toBe('compare'));
    expect(fake.calls.find((c) => c.channel === 'compareRuns')?.payload).toEqual({ ids: ['bbbbbbbb-2', 'cccccccc-3'], baseline: 0 });
  });
});

describe('a compare link', () => {
  it('names 2 to 8 runs and a baseline among them, or nothing', () => {
    expect(parseCompareLink('#compare=a,b&baseline=1')).toEqual({ ids: ['a', 'b'], baseline: 1 });
    expect(parseCompareLink('#compare=a,b')).toEqual({ ids: ['a', 'b'], baseline: 0 });
    expect(parseCompareLink('#compare=a')).toBeNull();
    expect(parseCompareLink('#compare=a,b&baseline=2')).toBeNull();
    expect(parseCompareLink('')).toBeNull();
  });
});

function Host() {
  useGroupComparison();
  return <ComparePage />;
}

describe('a finished repeat', () => {
  it('opens its comparison led by the median, spread and the repeat that stands apart', async () => {
    const fake = fakeBridge();
    const counts = [100, 102, 98, 101, 60];
    const runs = counts.map((n, i) => fixtureRun(`run-${i}`, steady(10, { get: { count: n, us: 1000 } })));
    fake.library.compare = async (ids, baseline) => ({
      comparison: compareRuns(runs, baseline),
      throughput: {},
      p99: [],
      memory: [],
    });
    render(<Host />, { wrapper: wrapper(fake.bridge) });
    act(() =>
      fake.push('groupEnded', {
        group: { kind: 'repeat', id: 'g', index: 4, count: 5 },
        runIds: runs.map((r) => r.header.id),
        compare: [runs[0].header.id],
        values: [undefined],
      }),
    );
    const row = await screen.findByTestId('repeat-ops/s');
    expect(fake.calls.find((c) => c.channel === 'compareRuns')?.payload).toEqual({ ids: runs.map((r) => r.header.id), baseline: 0 });
    expect(row.textContent).toMatch(/^ops\/s101/);
    expect(row.textContent).toMatch(/#5 run-4/);
  });
});
