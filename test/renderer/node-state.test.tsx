// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LivePage } from '../../renderer/src/pages/LivePage';
import { useNodeBands } from '../../renderer/src/components/live/runBands';
import { fromState } from '../../renderer/src/store/live';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { pushEvent } from '../../renderer/src/store/types';
import { fakeBridge, idleState, runInfo, sample, stubResizeObserver, withRun, wrapper } from './fixtures';

beforeAll(stubResizeObserver);
beforeEach(resetStore);
afterEach(cleanup);

const up = (id: string) => ({ id, address: `${id}:6379`, rates: { 'read.success': 100 }, memory: 1 << 20, rss: 8 << 20 });
const down = (id: string) => ({ id, address: `${id}:6379`, rates: { 'read.success': 0 }, state: 'down' as const });

/** Seconds 0..n-1 of a 3-node cluster in which n2 is down in `downIn`. */
const seconds = (n: number, downIn: number[]) =>
  Array.from({ length: n }, (_, i) => sample(i, { get: 100, nodes: [up('n1'), downIn.includes(i) ? down('n2') : up('n2'), up('n3')] }));

describe('a node that went down mid-run', () => {
  it('is down in the Nodes table and the Nodes tile, from snapshots', () => {
    useKv.setState({
      live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: seconds(5, [3, 4]) }),
      connection: 'open',
    });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('node-state-n2').textContent).toBe('down');
    expect(screen.getByTestId('node-state-n1').textContent).toBe('up');
    expect(screen.getByTestId('tile-nodes').textContent).toBe('2');
    expect(screen.getByTestId('tile-nodes').parentElement!.textContent).toContain('up, 1 down');
  });

  it('is marked on the per-node charts for the seconds it was down, from snapshots and pushes alike', () => {
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: seconds(5, [2, 3]) }) });
    expect(useKv.getState().live.nodeMarks).toEqual([{ id: 'n2', state: 'down', from: 2, to: 4 }]);
    const more = seconds(8, [4, 6, 7]).slice(5);
    act(() => useKv.getState().applyPushes(more.map((s) => pushEvent('sample', withRun(s)))));
    expect(useKv.getState().live.nodeMarks).toEqual([
      { id: 'n2', state: 'down', from: 2, to: 4 },
      { id: 'n2', state: 'down', from: 6, to: 8 },
    ]);
    const { result } = renderHook(() => useNodeBands());
    expect(result.current.filter((b) => b.label === 'n2 down')).toEqual([
      { from: 2, to: 4, label: 'n2 down', tone: 'warn' },
      { from: 6, to: 8, label: 'n2 down', tone: 'warn' },
    ]);
  });
});

describe('a cluster changing under the load', () => {
  const moving = (i: number) =>
    sample(i, {
      get: 100,
      nodes: [
        up('n1'),
        { ...up('n2'), ...(i >= 1 ? { state: 'joining' as const, note: 'importing 1 slot' } : {}) },
        { ...up('n3'), ...(i >= 2 ? { state: 'leaving' as const, note: 'handing over its last 1 slot' } : {}) },
      ],
    });

  it('names each node joining or leaving, and why, in the Nodes table and the Nodes tile', () => {
    useKv.setState({
      live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: [0, 1, 2].map(moving) }),
      connection: 'open',
    });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('node-state-n2').textContent).toBe('joining');
    expect(screen.getByTestId('node-note-n2').textContent).toContain('importing 1 slot');
    expect(screen.getByTestId('node-state-n3').textContent).toBe('leaving');
    expect(screen.getByTestId('node-note-n3').textContent).toContain('handing over its last 1 slot');
    expect(screen.queryByTestId('node-note-n1')).toBeNull();
    expect(screen.getByTestId('tile-nodes').textContent).toBe('3');
    expect(screen.getByTestId('tile-nodes').parentElement!.textContent).toContain('up (1 joining, 1 leaving)');
  });

  it('marks the seconds of each state on the per-node charts, plain rather than as a warning', () => {
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: [0, 1, 2, 3].map(moving) }) });
    const { result } = renderHook(() => useNodeBands());
    expect(result.current.filter((b) => b.label.startsWith('n'))).toEqual([
      { from: 1, to: 4, label: 'n2 joining' },
      { from: 2, to: 4, label: 'n3 leaving' },
    ]);
  });
});

describe("each node's own memory", () => {
  it('is charted beside the client memory: the data it holds and its RSS, per node', () => {
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: seconds(3, []) }), connection: 'open' });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    const chart = () => screen.getByTestId('memory-chart').textContent;
    expect(chart()).toContain('Client memory (RSS per worker)');
    fireEvent.click(screen.getByTestId('memory-side-server'));
    expect(chart()).toContain('Server memory (per node)');
    expect(chart()).toContain('n1 data');
    expect(chart()).toContain('n3 RSS');
  });

  it('is not offered for a target whose nodes report no memory', () => {
    const samples = [0, 1].map((i) => sample(i, { get: 100, nodes: [{ id: 'kv-0', address: 'x', rates: {} }] }));
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples }), connection: 'open' });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect((screen.getByTestId('memory-side-server') as HTMLButtonElement).disabled).toBe(true);
  });
});
