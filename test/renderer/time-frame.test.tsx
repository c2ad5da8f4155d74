// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { firstClock } from '../../app/run/clock';
import { reduceLive, emptyLive } from '../../renderer/src/store/live';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { useChartRows } from '../../renderer/src/hooks/useChartRows';
import { LATENCY } from '../../renderer/src/charts/spec';
import type { RunInfo } from '../../app/protocol/bridge';
import { findScenario } from '../../app/scenario/catalog';
import { alignedRows } from '../../renderer/src/components/runs/compareShape';
import { parseScenario } from '../../app/scenario/schema';

const RUN: RunInfo = { runId: 'r1', scenario: parseScenario(findScenario('kv-async')), warmupSeconds: 2, runSeconds: 10, startedAt: 1_000 };

beforeEach(() => {
  localStorage.clear();
  resetStore();
});

describe('the charts’ time frame', () => {
  it('learns the clock of second 0 from the first phase mark that has a second', () => {
    expect(firstClock([{ phase: 'starting', at: 5_000 }])).toBeUndefined();
    expect(
      firstClock([
        { phase: 'starting', at: 5_000 },
        { phase: 'running', at: 12_010, second: 2 },
      ]),
    ).toBe(10_010);
    let live = reduceLive(emptyLive(), [{ channel: 'runStarted', data: RUN }]);
    expect(live.run?.clock0).toBeUndefined();
    live = reduceLive(live, [{ channel: 'phase', data: { runId: 'r1', phase: 'warmup', at: 20_000, second: 0 } }]);
    expect(live.run?.clock0).toBe(20_000);
    // A later mark does not move it.
    live = reduceLive(live, [{ channel: 'phase', data: { runId: 'r1', phase: 'running', at: 22_050, second: 2 } }]);
    expect(live.run?.clock0).toBe(20_000);
  });

  it('gives every Live chart the chosen window and the run’s clock', () => {
    useKv.setState({ live: { ...emptyLive(), run: { ...RUN, clock0: 20_000 } } });
    const { result } = renderHook(() => useChartRows(LATENCY, 'latency'));
    expect(result.current.frame).toEqual({ width: 300, clock0: 20_000 });
    act(() => useKv.getState().setWindow('all'));
    expect(result.current.frame).toEqual({ width: null, clock0: 20_000 });
  });

  it('keeps the chosen window across a reload', () => {
    act(() => useKv.getState().setWindow('15m'));
    resetStore();
    expect(useKv.getState().view.window).toBe('15m');
    localStorage.setItem('kvscope.window', 'nonsense');
    resetStore();
    expect(useKv.getState().view.window).toBe('5m');
  });
});

describe('one second numbering', () => {
  it('counts a comparison’s measured seconds from 0, as the Live charts count run seconds', () => {
    const rows = alignedRows([[10, 20, 30], [5]]);
    expect(rows.map((r) => r.t)).toEqual([0, 1, 2]);
    expect(rows[0]).toEqual({ t: 0, r0: 10, r1: 5 });
  });
});
