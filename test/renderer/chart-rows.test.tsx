// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CHART_POINTS } from '../../app/metrics/limits';
import type { WindowRows } from '../../renderer/src/chart-data/chartRows';
import { workerKey } from '../../renderer/src/chart-data/shape';
import { memorySpec } from '../../renderer/src/charts/spec';
import { useChartRows } from '../../renderer/src/hooks/useChartRows';
import { fromState } from '../../renderer/src/store/live';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { idleState, runInfo, sample } from './fixtures';

beforeEach(resetStore);
afterEach(cleanup);

const HOUR = 3600;
const PEAK_SECOND = 1234;
const PEAK_MIB = 900;
const workersSpec = (w: WindowRows) => memorySpec(w.workerIds);

/** An hour of two workers; worker 1 peaks once. */
function showHour() {
  const samples = Array.from({ length: HOUR }, (_, i) =>
    sample(i, {
      workers: [
        { id: 0, rssMiB: 50 },
        { id: 1, rssMiB: i === PEAK_SECOND ? PEAK_MIB : 60 },
      ],
    }),
  );
  useKv.setState({
    live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples }),
    view: { window: 'all', split: 'cluster', latency: 'client' },
  });
}

describe('useChartRows', () => {
  it('names the series from the window, takes the picked rows and thins them by the spec', () => {
    showHour();
    const { result } = renderHook(() => useChartRows(workersSpec, 'memory'));
    expect(result.current.spec.series.map((s) => s.key)).toEqual([workerKey(0), workerKey(1)]);
    expect(result.current.rows.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
    // Memory is thinned to its peak (memorySpec), so the one-second spike stays.
    expect(Math.max(...result.current.rows.map((r) => r[workerKey(1)]))).toBe(PEAK_MIB);
  });

  it('thins once per cut: an update that leaves the rows and the window alone returns the same chart', () => {
    showHour();
    const { result } = renderHook(() => useChartRows(workersSpec, 'memory'));
    const first = result.current;
    act(() => useKv.setState({ connection: 'closed' }));
    expect(result.current).toBe(first);
    act(() => useKv.getState().setWindow('1m'));
    expect(result.current).not.toBe(first);
    expect(result.current.rows.map((r) => r.t)).toEqual(Array.from({ length: 60 }, (_, i) => HOUR - 60 + i));
  });
});
