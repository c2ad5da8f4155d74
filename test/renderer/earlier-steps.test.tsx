// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunGroup } from '../../app/plan/group';
import { keepEarlier, stepLabel, withEarlier } from '../../renderer/src/chart-data/earlier';
import { seriesPoints, valueTop } from '../../renderer/src/charts/paths';
import { CLUSTER_THROUGHPUT, withEarlierSeries } from '../../renderer/src/charts/spec';
import { ThroughputPanel } from '../../renderer/src/components/live/ThroughputPanel';
import { emptyLive, reduceLive } from '../../renderer/src/store/live';
import { resetStore, useKv } from '../../renderer/src/store/store';
import type { PushEvent } from '../../renderer/src/store/types';
import { fakeBridge, runInfo, sample, withRun, wrapper } from './fixtures';

const step = (index: number, id = 'g1'): RunGroup => ({
  kind: 'sweep',
  id,
  index,
  count: 3,
  setting: 'inFlight',
  value: [1, 4, 16][index],
});
const started = (runId: string, group?: RunGroup): PushEvent => ({ channel: 'runStarted', data: runInfo(runId, { group }) });
const second = (runId: string, s: number, get: number): PushEvent => ({
  channel: 'sample',
  data: withRun(sample(s, { get, put: 10 }), runId),
});

beforeEach(resetStore);
afterEach(cleanup);

describe('earlier steps of a sweep', () => {
  it('are kept, with their total per run second, when the next step of the same group starts; any other run starts clean', () => {
    let live = reduceLive(emptyLive(), [started('a', step(0)), second('a', 0, 90), second('a', 1, 100)]);
    expect(live.earlier).toEqual([]);
    live = reduceLive(live, [started('b', step(1)), second('b', 0, 50)]);
    expect(live.earlier.map((e) => [e.label, [...e.totals]])).toEqual([
      [
        'inFlight=1',
        [
          [0, 100],
          [1, 110],
        ],
      ],
    ]);
    live = reduceLive(live, [started('c', step(2))]);
    expect(live.earlier.map((e) => e.label)).toEqual(['inFlight=1', 'inFlight=4']);
    live = reduceLive(live, [started('d', step(0, 'another sweep'))]);
    expect(live.earlier).toEqual([]);
    live = reduceLive(live, [started('e')]);
    expect(live.earlier).toEqual([]);
    expect(stepLabel({ kind: 'repeat', id: 'r', index: 1, count: 3 })).toBe('run 2');
  });

  it('a step that showed no second leaves nothing behind', () => {
    expect(keepEarlier([], { group: step(0), cluster: [] }, step(1))).toEqual([]);
  });

  it('are drawn as lines of their own: on the rows by run second, not stacked, not filled', () => {
    const earlier = [{ key: 'earlier:0', label: 'inFlight=1', totals: new Map([[0, 500]]) }];
    const spec = withEarlierSeries(CLUSTER_THROUGHPUT, earlier);
    const rows = withEarlier(
      [
        { t: 0, readsOk: 100, readsFailed: 0, writesOk: 50, writesFailed: 0 },
        { t: 1, readsOk: 100, readsFailed: 0, writesOk: 50, writesFailed: 0 },
      ],
      earlier,
    );
    expect(rows.map((r) => r['earlier:0'])).toEqual([500, undefined]);
    // The top is the faded line's own value, not the stack plus it (650).
    expect(valueTop(spec, rows)).toBe(500);
    const points = seriesPoints(
      spec,
      rows,
      (t) => t,
      (v) => -v,
    );
    const faded = points.find((p) => p.key === 'earlier:0');
    expect(faded?.bottoms).toBeUndefined();
    expect([...faded!.tops]).toEqual([-500]);
    expect([...points.find((p) => p.key === 'writesOk')!.tops]).toEqual([-150, -150]);
  });

  it('show in the throughput chart’s legend while the next step runs', () => {
    useKv.setState({ connection: 'open' });
    useKv.getState().applyPushes([started('a', step(0)), second('a', 0, 90), started('b', step(1)), second('b', 0, 50)]);
    render(<ThroughputPanel />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByText('inFlight=1 (earlier step, total)')).toBeTruthy();
  });
});
