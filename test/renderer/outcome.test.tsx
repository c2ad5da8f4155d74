// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LivePage } from '../../renderer/src/pages/LivePage';
import { RunsPage } from '../../renderer/src/pages/RunsPage';
import type { RunListItem } from '../../app/protocol/bridge';
import { PARTIAL_LABEL, useRunBands } from '../../renderer/src/components/live/runBands';
import { fromState } from '../../renderer/src/store/live';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { pushEvent } from '../../renderer/src/store/types';
import { fakeBridge, idleState, runInfo, sample, stubResizeObserver, summary, withRun, wrapper } from './fixtures';

beforeAll(stubResizeObserver);
beforeEach(resetStore);
afterEach(cleanup);

/** Seconds 0..n-1; those in `short` had one of two workers. */
function seconds(n: number, short: readonly number[]) {
  return Array.from({ length: n }, (_, i) => ({ ...sample(i), strength: { expected: 2, reporting: short.includes(i) ? 1 : 2 } }));
}

describe('the outcome in the Live header', () => {
  it('an ended run shows its verdict as the badge and the reason under it', () => {
    const degraded = {
      ...summary(),
      outcome: {
        kind: 'degraded' as const,
        reason: 'worker 1 lost at second 3; 3 of 10 measured s at full strength',
        fullStrengthSeconds: 3,
        errorRate: 0,
        lostWorkers: [{ id: 1, second: 3 }],
      },
    };
    useKv.setState({
      live: fromState({ ...idleState(), run: runInfo(), phase: 'done', samples: seconds(5, [3, 4]), summary: degraded }),
      connection: 'open',
    });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('phase').textContent).toBe('degraded');
    expect(screen.getByTestId('phase').dataset.phase).toBe('done');
    expect(screen.getByTestId('outcome-reason').textContent).toBe('worker 1 lost at second 3; 3 of 10 measured s at full strength');
  });

  it('a run that failed before its first second shows why at the top and in every chart, not a wait', () => {
    const reason = 'cannot connect to redis at 127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1';
    const failed = {
      ...summary(),
      status: 'failed' as const,
      seconds: 0,
      outcome: { kind: 'failed' as const, reason, fullStrengthSeconds: 0, errorRate: 0, lostWorkers: [] },
    };
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'starting', samples: [] }), connection: 'open' });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getAllByText('Waiting for the first second…')).toHaveLength(3);
    act(() => useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'failed', samples: [], summary: failed }) }));
    expect(screen.getByTestId('phase').textContent).toBe('failed');
    expect(screen.getByTestId('outcome-reason').textContent).toBe(reason);
    expect(screen.queryByText('Waiting for the first second…')).toBeNull();
    expect(screen.getAllByText(`no data: ${reason}`)).toHaveLength(3);
  });

  it('after the end the tiles show the whole run, the same figures as the Summary under them', () => {
    // The last second was far busier than the run's mean: the tiles must not show it once the run has ended.
    const busy = { ...sample(9, { get: 5000, put: 2000, lat: { p50: 30_000, p99: 90_000 } }) };
    useKv.setState({
      live: fromState({ ...idleState(), run: runInfo(), phase: 'done', samples: [sample(8), busy], summary: summary() }),
      connection: 'open',
    });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('tiles-scope').textContent).toMatch(/^Whole run/);
    const cells = [...screen.getByTestId('summary-row-all').querySelectorAll('td')].map((td) => td.textContent);
    const tile = (id: string) => screen.getByTestId(`tile-${id}`).textContent;
    expect(tile('ops')).toBe(cells[2]);
    // Below a millisecond a tile counts in µs, as the Summary does: 400 µs, not "0.40".
    const withUnit = (id: string) => screen.getByTestId(`tile-${id}`).parentElement?.textContent;
    expect([withUnit('p50'), withUnit('p99')]).toEqual(['400µs', '1.50ms']);
    expect(cells).toContain('400 µs');
    expect(cells).toContain('1.50 ms');
    expect(tile('reads')).toBe('90');
    expect(tile('writes')).toBe('30');
    expect(tile('memory')).toBe('60.0');
  });

  it('while running, each tile shows the last second and beside it the run so far, as the Summary will', () => {
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: [] }), connection: 'open' });
    const busy = sample(9, { get: 5000, put: 2000, lat: { p50: 30_000, p99: 90_000 } });
    act(() => useKv.getState().applyPushes([pushEvent('sample', { ...busy, runId: 'run-1', soFar: summary() })]));
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('tiles-scope').textContent).toBe('Last second · run so far');
    const tile = (id: string) => screen.getByTestId(`tile-${id}`).textContent;
    const run = (id: string) => screen.getByTestId(`tile-${id}-run`).textContent;
    expect([tile('ops'), run('ops')]).toEqual(['7,000', '120']);
    expect([tile('p99'), run('p99')]).toEqual(['90.0', '1.50']);
    // The run so far in another unit than the last second says its own: "run 400 µs" beside "1.50 ms".
    expect(screen.getByTestId('tile-p50-run').parentElement?.textContent).toBe('run 400 µs');
    expect([tile('reads'), run('reads')]).toEqual(['5,000', '90']);
  });

  it('an old summary without an outcome shows its status, and no reason line', () => {
    useKv.setState({
      live: fromState({ ...idleState(), run: runInfo(), phase: 'done', samples: seconds(2, []), summary: summary() }),
      connection: 'open',
    });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('phase').textContent).toBe('done');
    expect(screen.queryByTestId('outcome-reason')).toBeNull();
  });

  it('while running, a second with a missing worker says so under the badge', () => {
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: seconds(3, [2]) }), connection: 'open' });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('phase').textContent).toBe('Running');
    expect(screen.getByTestId('outcome-reason').textContent).toBe('1 of 2 workers reporting in second 2');
  });
});

describe('seconds with fewer workers are shaded', () => {
  it('consecutive short seconds make one band, from snapshots and pushes alike', () => {
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: seconds(6, [1, 2, 4]) }) });
    expect(useKv.getState().live.partial).toEqual([
      { from: 1, to: 3 },
      { from: 4, to: 5 },
    ]);
    const more = seconds(8, [5, 7]).slice(6);
    act(() => useKv.getState().applyPushes(more.map((s) => pushEvent('sample', withRun(s)))));
    expect(useKv.getState().live.partial).toEqual([
      { from: 1, to: 3 },
      { from: 4, to: 5 },
      { from: 7, to: 8 },
    ]);
    const { result } = renderHook(() => useRunBands());
    expect(result.current).toEqual([
      { from: 0, to: 2, label: 'warm-up' },
      { from: 1, to: 3, label: PARTIAL_LABEL, tone: 'warn' },
      { from: 4, to: 5, label: PARTIAL_LABEL, tone: 'warn' },
      { from: 7, to: 8, label: PARTIAL_LABEL, tone: 'warn' },
    ]);
  });
});

describe('the outcome in the Runs list', () => {
  it("shows each run's verdict, with the reason of one that carries a caveat", async () => {
    const base = { target: 'redis', seconds: 10, opsPerSec: 100, p99: 2000, label: '', group: null } as const;
    const runs: RunListItem[] = [
      {
        ...base,
        id: 'aaaaaaaa-1',
        file: 'a.ndjson',
        scenario: 'redis-mix',
        createdAt: '2026-11-01T10:00:00.000Z',
        status: 'done',
        outcome: 'done',
        reason: '',
      },
      {
        ...base,
        id: 'bbbbbbbb-2',
        file: 'b.ndjson',
        scenario: 'redis-mix',
        createdAt: '2026-11-01T11:00:00.000Z',
        status: 'done',
        outcome: 'done with errors',
        reason: '80.0 % of operations failed (limit 1.00 %)',
      },
      // Written before outcomes existed: its status stands in.
      { ...base, id: 'cccccccc-3', file: 'c.ndjson', scenario: 'redis-mix', createdAt: '2026-11-01T12:00:00.000Z', status: 'failed' },
    ];
    const fake = fakeBridge();
    fake.library.runs = runs;
    render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    await screen.findByTestId('runs-table');
    expect(screen.getByTestId('outcome-aaaaaaaa').textContent).toBe('done');
    expect(screen.getByTestId('outcome-bbbbbbbb').textContent).toBe('done with errors');
    expect(screen.getByTestId('run-row-bbbbbbbb').textContent).toContain('80.0 % of operations failed');
    expect(screen.getByTestId('outcome-cccccccc').textContent).toBe('failed');
  });
});

describe('unreachable operations in the Summary', () => {
  it("has an Unavailable column with each op's count, apart from errors and timeouts", () => {
    const s = summary();
    const withUnavailable = {
      ...s,
      ops: Object.fromEntries(Object.entries(s.ops).map(([k, o]) => [k, { ...o, unavailable: 1234 }])),
      total: { ...s.total, unavailable: 1234 * Object.keys(s.ops).length },
    };
    useKv.setState({
      live: fromState({ ...idleState(), run: runInfo(), phase: 'done', samples: seconds(2, []), summary: withUnavailable }),
      connection: 'open',
    });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Unavailable');
    expect(screen.getAllByRole('cell').some((c) => c.textContent === '1,234')).toBe(true);
  });
});
