// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompareView, RunListItem } from '../../app/protocol/bridge';
import { compareRuns } from '../../app/stats/compare';
import { compareGroups } from '../../app/stats/compare-groups';
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
  return {
    id,
    file: `${createdAt}_${scenario}_${id}.ndjson`,
    scenario,
    target: 'builtin-kv',
    createdAt,
    seconds: 10,
    opsPerSec,
    p99: 2000,
    status: 'done',
    label: '',
    group: null,
    ...over,
  };
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

  it('sorts each column both ways, saying so with aria-sort, and shows short ids', async () => {
    const fake = fakeBridge();
    fake.library.runs = RUNS;
    render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    await screen.findByTestId('runs-table');
    const sortOf = (key: string) => screen.getByTestId(`sort-${key}`).closest('th')?.getAttribute('aria-sort');
    expect([sortOf('date'), sortOf('ops')]).toEqual(['descending', 'none']);
    fireEvent.click(screen.getByTestId('sort-ops'));
    expect(rowIds()).toEqual(['run-row-bbbbbbbb', 'run-row-cccccccc', 'run-row-aaaaaaaa']);
    expect([sortOf('date'), sortOf('ops')]).toEqual(['none', 'descending']);
    fireEvent.click(screen.getByTestId('sort-ops'));
    expect(rowIds()).toEqual(['run-row-aaaaaaaa', 'run-row-cccccccc', 'run-row-bbbbbbbb']);
    expect(sortOf('ops')).toBe('ascending');
    expect(screen.getByTestId('id-aaaaaaaa').textContent).toBe('aaaaaaaa');
  });

  it('keeps a label on Enter, without waiting for the field to lose focus', async () => {
    const fake = fakeBridge();
    fake.library.runs = RUNS;
    render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    const field = await screen.findByTestId('label-aaaaaaaa');
    fireEvent.change(field, { target: { value: 'before upgrade' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'labelRun').map((c) => c.payload)).toEqual([
        { file: RUNS[0].file, label: 'before upgrade' },
      ]),
    );
  });

  it('names sweep runs by their value and finds them by it', async () => {
    const fake = fakeBridge();
    const group = (index: number, value: number) => ({ kind: 'sweep' as const, id: 'g', index, count: 2, setting: 'inFlight', value });
    fake.library.runs = [
      item('eeeeeeee-5', 'redis-mix', 100, '2026-11-01T14:00:00.000Z', { group: group(0, 8) }),
      item('ffffffff-6', 'redis-mix', 200, '2026-11-01T14:01:00.000Z', { group: group(1, 64) }),
    ];
    render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    await screen.findByTestId('runs-table');
    expect(screen.getByTestId('run-row-eeeeeeee').textContent).toContain('sweep inFlight=8 (1/2)');
    fireEvent.change(screen.getByTestId('runs-filter'), { target: { value: 'inFlight=8' } });
    expect(rowIds()).toEqual(['run-row-eeeeeeee']);
  });

  it('lists the sweeps and repeats in a group filter that shows only their runs', async () => {
    const fake = fakeBridge();
    const sweep = (index: number) => ({ kind: 'sweep' as const, id: 'g1', index, count: 2, setting: 'inFlight', value: index });
    const repeat = { kind: 'repeat' as const, id: 'g2', index: 0, count: 1 };
    fake.library.runs = [
      item('eeeeeeee-5', 'redis-mix', 100, '2026-11-01T14:00:00.000Z', { group: sweep(0) }),
      item('ffffffff-6', 'redis-mix', 200, '2026-11-01T14:01:00.000Z', { group: sweep(1) }),
      item('abababab-7', 'kv-async', 300, '2026-11-01T15:00:00.000Z', { group: repeat }),
      item('cdcdcdcd-8', 'kv-async', 300, '2026-11-01T16:00:00.000Z'),
    ];
    render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    await screen.findByTestId('runs-table');
    const options = [...screen.getByTestId('runs-group').querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['all runs', 'sweep of redis-mix over inFlight (2 runs)', 'repeat of kv-async (1 run)']);
    fireEvent.change(screen.getByTestId('runs-group'), { target: { value: 'g1' } });
    expect(rowIds()).toEqual(['run-row-ffffffff', 'run-row-eeeeeeee']);
  });

  it('shows a dash, not 0, for the figures of a run that never had a measured second', async () => {
    const fake = fakeBridge();
    fake.library.runs = [
      item('dddddddd-4', 'redis-mix', 0, '2026-11-01T13:00:00.000Z', { status: 'failed', seconds: 0, opsPerSec: null, p99: null }),
    ];
    render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    const row = await screen.findByTestId('run-row-dddddddd');
    const cells = [...row.querySelectorAll('td.num')].map((td) => td.textContent);
    expect(cells).toEqual(['–', '–']);
  });

  it('deletes only after confirmation, and compares the picked runs with the first picked as baseline', async () => {
    const fake = fakeBridge();
    fake.library.runs = RUNS;
    const view = {
      comparison: { runs: [], baseline: 0, settings: [], throughput: [], p99: [], latency: [], partialLeftOut: [] },
      throughput: {},
      p99: [],
      memory: [],
      serverP99: [],
      machines: [],
    } as CompareView;
    fake.library.compare = async () => view;
    render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    await screen.findByTestId('runs-table');
    fireEvent.click(screen.getByTestId('delete-aaaaaaaa'));
    expect(fake.calls.some((c) => c.channel === 'deleteRun')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-delete-aaaaaaaa'));
    await waitFor(() => expect(fake.calls.find((c) => c.channel === 'deleteRun')?.payload).toEqual({ file: RUNS[0].file }));
    await waitFor(() => expect(rowIds()).toEqual(['run-row-cccccccc', 'run-row-bbbbbbbb']));
    expect((screen.getByTestId('compare-button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('pick-bbbbbbbb'));
    fireEvent.click(screen.getByTestId('pick-cccccccc'));
    fireEvent.click(screen.getByTestId('compare-button'));
    await waitFor(() => expect(useKv.getState().page).toBe('compare'));
    expect(fake.calls.find((c) => c.channel === 'compareRuns')?.payload).toEqual({ files: [RUNS[1].file, RUNS[2].file], baseline: 0 });
  });
});

describe('two repeats picked on the Runs page', () => {
  it('are compared as groups: each repeat one group, the first picked the baseline, and the page leads with the verdict on runs', async () => {
    const fake = fakeBridge();
    const rep = (id: string, index: number) => ({ group: { kind: 'repeat' as const, id, index, count: 2 } });
    fake.library.runs = [
      item('aaaaaaaa-1', 'kv-async', 100, '2026-11-01T10:00:00.000Z', rep('A', 0)),
      item('bbbbbbbb-2', 'kv-async', 101, '2026-11-01T11:00:00.000Z', rep('B', 0)),
      item('cccccccc-3', 'kv-async', 99, '2026-11-01T12:00:00.000Z', rep('A', 1)),
      item('dddddddd-4', 'kv-async', 102, '2026-11-01T13:00:00.000Z', rep('B', 1)),
    ];
    const runs = [100, 99, 101, 102].map((n, i) => fixtureRun(`g-${i}`, steady(10, { get: { count: n, us: 1000 } })));
    fake.library.compare = async () => ({
      comparison: compareGroups([runs.slice(0, 2), runs.slice(2)], ['A', 'B']),
      throughput: {},
      p99: [],
      memory: [],
      serverP99: [],
      machines: [],
    });
    render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    await screen.findByTestId('run-row-aaaaaaaa');
    fireEvent.click(screen.getByTestId('pick-aaaaaaaa'));
    fireEvent.click(screen.getByTestId('pick-bbbbbbbb'));
    expect((screen.getByTestId('compare-groups-button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('pick-cccccccc'));
    fireEvent.click(screen.getByTestId('pick-dddddddd'));
    fireEvent.click(screen.getByTestId('compare-groups-button'));
    await waitFor(() => expect(useKv.getState().page).toBe('compare'));
    const files = fake.library.runs.map((r) => r.file);
    expect(fake.calls.find((c) => c.channel === 'compareRuns')?.payload).toEqual({
      files: [files[0], files[2], files[1], files[3]],
      groups: [0, 0, 1, 1],
      baseline: 0,
    });
    expect(useKv.getState().compare?.groups).toEqual([0, 0, 1, 1]);
  });
});

describe('copies of one run', () => {
  it('are listed apart, each naming its file, and every action names the file of its row', async () => {
    const fake = fakeBridge();
    const copy = { ...RUNS[0], file: `copy-of-${RUNS[0].file}` };
    fake.library.runs = [...RUNS, copy];
    const view = {
      comparison: { runs: [], baseline: 0, settings: [], throughput: [], p99: [], latency: [], partialLeftOut: [] },
      throughput: {},
      p99: [],
      memory: [],
      serverP99: [],
      machines: [],
    } as CompareView;
    fake.library.compare = async () => view;
    const { container } = render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    await screen.findByTestId('runs-table');
    const row = (file: string) => container.querySelector(`tr[data-file="${file}"]`) as HTMLElement;
    expect(screen.getAllByTestId('run-copy').map((e) => e.textContent)).toEqual(
      expect.arrayContaining([`copy: ${copy.file}`, `copy: ${RUNS[0].file}`]),
    );
    const copyRow = row(copy.file);
    fireEvent.change(copyRow.querySelector('.label-input') as HTMLElement, { target: { value: 'mine' } });
    fireEvent.blur(copyRow.querySelector('.label-input') as HTMLElement);
    await waitFor(() => expect(fake.calls.find((c) => c.channel === 'labelRun')?.payload).toEqual({ file: copy.file, label: 'mine' }));
    fireEvent.click(copyRow.querySelector('[data-testid="open-aaaaaaaa"]') as HTMLElement);
    await waitFor(() => expect(fake.calls.find((c) => c.channel === 'openRun')?.payload).toEqual({ file: copy.file }));
    fireEvent.click(row(RUNS[0].file).querySelector('input[type="checkbox"]') as HTMLElement);
    fireEvent.click(copyRow.querySelector('input[type="checkbox"]') as HTMLElement);
    fireEvent.click(screen.getByTestId('compare-button'));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.channel === 'compareRuns')?.payload).toEqual({ files: [RUNS[0].file, copy.file], baseline: 0 }),
    );
    useKv.getState().setPage('runs');
    fireEvent.click(row(copy.file).querySelector('[data-testid="delete-aaaaaaaa"]') as HTMLElement);
    fireEvent.click(row(copy.file).querySelector('[data-testid="confirm-delete-aaaaaaaa"]') as HTMLElement);
    await waitFor(() => expect(fake.calls.find((c) => c.channel === 'deleteRun')?.payload).toEqual({ file: copy.file }));
    await waitFor(() => expect(row(copy.file)).toBeNull());
    expect(row(RUNS[0].file)).not.toBeNull();
  });
});

/** The runs in the fake library, compared as main would: the push names runs by id; the comparison asks for their files. */
function keep(fake: ReturnType<typeof fakeBridge>, runs: ReturnType<typeof fixtureRun>[]): void {
  fake.library.runs = runs.map((r, i) => item(r.header.id, 'kv-async', 100, `2026-11-01T1${i}:00:00.000Z`));
  fake.library.compare = async (_ids, baseline) => ({
    comparison: compareRuns(runs, baseline),
    throughput: {},
    p99: [],
    memory: [],
    serverP99: [],
    machines: [],
  });
}

function Host() {
  useGroupComparison();
  return <ComparePage />;
}

describe('a finished repeat', () => {
  it('opens its comparison led by the median, spread and the repeat that stands apart', async () => {
    const fake = fakeBridge();
    const counts = [100, 102, 98, 101, 60];
    const runs = counts.map((n, i) => fixtureRun(`run-${i}`, steady(10, { get: { count: n, us: 1000 } })));
    keep(fake, runs);
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
    expect(fake.calls.find((c) => c.channel === 'compareRuns')?.payload).toEqual({
      files: fake.library.runs.map((r) => r.file),
      baseline: 0,
    });
    expect(row.textContent).toMatch(/^ops\/s101/);
    expect(row.textContent).toMatch(/#5 run-4/);
  });
});

describe('a finished grid sweep', () => {
  it('opens its comparison of every cell with the grid chart', async () => {
    const fake = fakeBridge();
    const runs = [99, 149, 119, 79].map((n, i) => fixtureRun(`cell-${i}`, steady(10, { get: { count: n, us: 1000 } })));
    keep(fake, runs);
    const cells = [3, 1024].flatMap((size) =>
      [1, 4].map((n) => [
        { setting: 'valueSize', value: size },
        { setting: 'inFlight', value: n },
      ]),
    );
    render(<Host />, { wrapper: wrapper(fake.bridge) });
    act(() =>
      fake.push('groupEnded', {
        group: { kind: 'sweep', id: 'g', index: 3, count: 4, setting: 'valueSize', value: 1024, cell: cells[3] },
        runIds: runs.map((r) => r.header.id),
        compare: runs.map((r) => r.header.id),
        values: cells,
      }),
    );
    const chart = await screen.findByTestId('grid-chart');
    expect(chart.dataset.cells).toBe('4');
    expect(screen.queryByTestId('sweep-chart')).toBeNull();
    const rows = [...screen.getByTestId('grid-table').querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^3100 150 \+50\.\d%$/);
    expect(rows[1]).toMatch(/^1024120 80 -33\.\d%$/);
  });
});

describe("the servers' own latency in Compare", () => {
  const runs = [0, 1].map((i) => fixtureRun(`srv-${i}`, steady(3, { get: { count: 100, us: 1000 } })));
  const view = (serverP99: CompareView['serverP99']): CompareView => ({
    comparison: compareRuns(runs, 0),
    throughput: {},
    p99: [],
    memory: [],
    serverP99,
    machines: [],
  });
  const show = (v: CompareView) => {
    useKv.setState({ compare: { files: ['a', 'b'], baseline: 0, view: v }, page: 'compare' });
    render(<ComparePage />, { wrapper: wrapper(fakeBridge().bridge) });
  };

  it('overlays each run’s server p99 per second where a run has it', () => {
    show(
      view([
        [0.004, null, 0.008],
        [0.016, 0.016],
      ]),
    );
    const chart = screen.getByTestId('compare-chart-server-p99');
    expect(chart.textContent).toContain('Server p99 per second (slowest node, server side)');
    expect(chart.dataset.points).toBe('3');
  });

  it('has no such chart when no run has it', () => {
    show(view([null, null]));
    expect(screen.queryByTestId('compare-chart-server-p99')).toBeNull();
  });
});
