// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveState } from '../../app/protocol/bridge';
import { connectionCell } from '../../renderer/src/bridge/connection';
import { BATCH_MS, useLiveStream } from '../../renderer/src/hooks/useLiveStream';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, idleState, runInfo, sample, withRun, wrapper } from './fixtures';

/** Let resolved promises (the getState answer) run. */
const settle = () => act(async () => {});

function countUpdates() {
  let n = 0;
  const off = useKv.subscribe(() => n++);
  return { count: () => n, off };
}

beforeEach(() => {
  resetStore();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('useLiveStream', () => {
  it('applies a flood of pushes as one store update per batch', async () => {
    const fake = fakeBridge();
    renderHook(() => useLiveStream(), { wrapper: wrapper(fake.bridge) });
    await settle();
    const updates = countUpdates();
    act(() => {
      fake.push('runStarted', runInfo());
      for (let s = 0; s < 8 * 60; s++) fake.push('sample', withRun(sample(s)));
      fake.push('log', { level: 'error', message: 'boom', at: 1, source: 'worker 3', runId: 'run-1' });
    });
    expect(updates.count()).toBe(0);
    act(() => void vi.advanceTimersByTime(BATCH_MS - 1));
    expect(updates.count()).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(updates.count()).toBe(1);
    expect(useKv.getState().live.rows.cluster).toHaveLength(480);
    expect(useKv.getState().live.logs[0].message).toBe('boom');
    act(() => fake.push('sample', withRun(sample(480))));
    act(() => void vi.advanceTimersByTime(BATCH_MS));
    expect(updates.count()).toBe(2);
    updates.off();
  });

  it('catches up with a run already going when it mounts', async () => {
    const state: LiveState = { ...idleState(), run: runInfo(), phase: 'running', samples: [0, 1, 2, 3, 4].map((s) => sample(s)) };
    const fake = fakeBridge(state);
    renderHook(() => useLiveStream(), { wrapper: wrapper(fake.bridge) });
    await settle();
    expect(fake.calls.filter((c) => c.channel === 'getState')).toHaveLength(1);
    expect(useKv.getState().live.rows.cluster).toHaveLength(5);
    expect(useKv.getState().live.phase).toBe('running');
    expect(useKv.getState().page).toBe('live');
  });

  it('holds pushes that arrive before the snapshot and applies them on top of it, once', async () => {
    let answer: (s: LiveState) => void = () => undefined;
    const fake = fakeBridge();
    fake.onGetState(() => new Promise((resolve) => (answer = resolve)));
    renderHook(() => useLiveStream(), { wrapper: wrapper(fake.bridge) });
    act(() => {
      fake.push('sample', withRun(sample(2)));
      fake.push('sample', withRun(sample(3)));
    });
    act(() => void vi.advanceTimersByTime(BATCH_MS * 4));
    expect(useKv.getState().live.rows.cluster).toHaveLength(0);
    answer({ ...idleState(), run: runInfo(), phase: 'running', samples: [0, 1, 2].map((s) => sample(s)) });
    await settle();
    expect(useKv.getState().live.rows.cluster.map((r) => r.t)).toEqual([0, 1, 2, 3]);
  });

  it('catches up again when the connection comes back, and not before it opens', async () => {
    const fake = fakeBridge();
    const conn = connectionCell('connecting');
    renderHook(() => useLiveStream(), { wrapper: wrapper(fake.bridge, conn) });
    await settle();
    const getStates = () => fake.calls.filter((c) => c.channel === 'getState').length;
    expect(getStates()).toBe(0);
    expect(useKv.getState().connection).toBe('connecting');
    act(() => conn.set('open'));
    await settle();
    expect(getStates()).toBe(1);
    act(() => conn.set('closed'));
    expect(useKv.getState().connection).toBe('closed');
    act(() => conn.set('open'));
    await settle();
    expect(getStates()).toBe(2);
  });

  it('reports a failed catch-up in the log and still applies later pushes', async () => {
    const fake = fakeBridge();
    fake.onGetState(() => Promise.reject(new Error('socket closed')));
    renderHook(() => useLiveStream(), { wrapper: wrapper(fake.bridge) });
    await settle();
    expect(useKv.getState().live.logs.at(-1)?.message).toMatch(/socket closed/);
    act(() => fake.push('runStarted', runInfo()));
    act(() => void vi.advanceTimersByTime(BATCH_MS));
    expect(useKv.getState().live.run?.runId).toBe('run-1');
  });

  it('unsubscribes and drops its pending batch on unmount', async () => {
    const fake = fakeBridge();
    const { unmount } = renderHook(() => useLiveStream(), { wrapper: wrapper(fake.bridge) });
    await settle();
    expect(fake.listenerCount()).toBe(1);
    act(() => fake.push('runStarted', runInfo()));
    unmount();
    expect(fake.listenerCount()).toBe(0);
    act(() => void vi.advanceTimersByTime(BATCH_MS * 2));
    expect(useKv.getState().live.run).toBeNull();
  });
});
