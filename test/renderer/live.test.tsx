// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useWindowedRows } from '../../renderer/src/hooks/useWindowedRows';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LivePage } from '../../renderer/src/pages/LivePage';
import { MAX_CHART_POINTS } from '../../app/metrics/limits';
import { fromState } from '../../renderer/src/store/live';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, stubResizeObserver, idleState, runInfo, sample, summary, wrapper } from './fixtures';

beforeAll(stubResizeObserver);
beforeEach(resetStore);
afterEach(cleanup);

const node = {
  id: 'kv-0',
  address: '127.0.0.1:4100',
  rates: { 'read.success': 70, 'write.success': 20, 'write.error': 3 },
  memory: 64 * 1024 * 1024,
};

function showRun(seconds: number, extra: Partial<Parameters<typeof fromState>[0]> = {}, elu = 0.4) {
  const samples = Array.from({ length: seconds }, (_, i) =>
    sample(i, { get: 900, put: 100, getErrors: 2, workers: [{ id: 0, rssMiB: 50, elu }], nodes: [node] }),
  );
  useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples, ...extra }), connection: 'open' });
}

describe('live page', () => {
  it('says what to do when there is no run', () => {
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByText('No run yet')).toBeTruthy();
  });

  it('shows tiles, phase, progress, charts and the node table of the newest second', () => {
    showRun(5);
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('tile-ops').textContent).toBe('1,000');
    expect(screen.getByTestId('tiles-scope').textContent).toBe('Last second');
    expect(screen.getByTestId('tile-errors').textContent).toBe('2');
    expect(screen.getByTestId('tile-nodes').textContent).toBe('1');
    expect(screen.getByTestId('phase').textContent).toBe('Running');
    expect(screen.getByTestId('progress').getAttribute('aria-valuenow')).toBe('5');
    expect(screen.getByTestId('remaining').textContent).toBe('0:17 left');
    expect(screen.getByTestId('throughput-chart').dataset.points).toBe('5');
    expect(screen.getByTestId('latency-chart').dataset.points).toBe('5');
    expect(screen.getByTestId('memory-chart').dataset.points).toBe('5');
    expect(screen.getByTestId('node-row-kv-0').textContent).toContain('127.0.0.1:4100');
    expect(screen.getByTestId('node-row-kv-0').textContent).toContain('64.0 MiB');
    expect(screen.queryByTestId('saturation-warning')).toBeNull();
    expect(screen.queryByTestId('summary-table')).toBeNull();
  });

  it('draws the chart frames before the first second, with a note over them that goes when it lands', () => {
    showRun(0);
    const { container } = render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    const chart = screen.getByTestId('throughput-chart');
    expect(chart.dataset.points).toBe('0');
    expect(chart.textContent).toContain('Waiting for the first second…');
    expect(chart.querySelector('.series-layer')).not.toBeNull();
    const frames = container.querySelectorAll('.series-layer').length;
    act(() => useKv.getState().applyPushes([{ channel: 'sample', data: { ...sample(0), runId: 'run-1' } }]));
    expect(screen.getByTestId('throughput-chart').textContent).not.toContain('Waiting for the first second…');
    expect(screen.getByTestId('throughput-chart').dataset.points).toBe('1');
    // The same frames, updated: nothing was mounted anew for the first second.
    expect(container.querySelectorAll('.series-layer').length).toBe(frames);
  });

  it('cuts the window once per second for all the charts', () => {
    showRun(5);
    const a = renderHook(() => useWindowedRows());
    const b = renderHook(() => useWindowedRows());
    const first = a.result.current;
    expect(b.result.current).toBe(first);
    act(() => useKv.getState().applyPushes([{ channel: 'sample', data: { ...sample(5), runId: 'run-1' } }]));
    expect(a.result.current).not.toBe(first);
    expect(b.result.current).toBe(a.result.current);
    expect(a.result.current.cluster.map((r) => r.t)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('narrows the charts to the chosen window and thins long runs', () => {
    showRun(2000);
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    fireEvent.click(screen.getByTestId('window-1m'));
    expect(screen.getByTestId('throughput-chart').dataset.points).toBe('60');
    fireEvent.click(screen.getByTestId('window-all'));
    expect(Number(screen.getByTestId('throughput-chart').dataset.points)).toBeLessThanOrEqual(MAX_CHART_POINTS);
  });

  it('warns when a worker’s event loop is saturated', () => {
    showRun(3, {}, 0.95);
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('saturation-warning').textContent).toMatch(/limited by kvscope's client, not the cluster/);
    // Under the first chart: a warning that comes and goes by the second never moves the chart (1024x700 keeps it in view).
    const chart = screen.getByTestId('throughput-chart');
    expect(chart.compareDocumentPosition(screen.getByTestId('saturation-warning')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('warns when a worker fills a core although its event loop reads below the threshold, and when the machine runs out of CPU', () => {
    const cpuBound = sample(0, { get: 900, put: 100, workers: [{ id: 0, rssMiB: 50, elu: 0.75, cpu: 0.95 }] });
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: [cpuBound] }), connection: 'open' });
    const { unmount } = render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('saturation-warning').textContent).toMatch(/worker 0 \(event loop 75%, CPU 95% of a core\)/);
    unmount();
    const crowded = sample(0, { get: 900, put: 100, workers: [0, 1, 2].map((id) => ({ id, rssMiB: 50, elu: 0.5, cpu: 0.6 })) });
    const machine = { cpu: 0.97, cores: 2 };
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: [{ ...crowded, machine }] }) });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('saturation-warning').textContent).toMatch(/machine's 2 cores are 97% busy .* with 3 workers/);
  });

  it('with the built-in server on the same cores, a full machine is blamed, not the client, and each side shows its CPU', () => {
    // One worker filling a core, the built-in server the other: the worker reads saturated, but the target took half the machine.
    const worker = { id: 0, rssMiB: 50, elu: 0.8, cpu: 0.95 };
    const shared = sample(0, { get: 900, put: 100, workers: [worker] });
    const machine = { cpu: 0.98, cores: 2, servers: [{ name: 'built-in server', cpu: 0.97 }] };
    useKv.setState({
      live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: [{ ...shared, machine }] }),
      connection: 'open',
    });
    const { unmount } = render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    const warning = screen.getByTestId('saturation-warning');
    expect(warning.dataset.limit).toBe('shared-machine');
    expect(warning.textContent).toMatch(/^Machine saturated, with the target on it: its 2 cores are 98% busy/);
    expect(warning.textContent).toMatch(/shared by 1 worker and built-in server 97% of a core/);
    expect(warning.textContent).not.toMatch(/limited by kvscope's client/);
    expect(screen.getByTestId('cpu-row-worker-0').textContent).toBe('worker 0kvscope client95%');
    expect(screen.getByTestId('cpu-row-built-in-server').textContent).toBe('built-in servertarget97%');
    expect(screen.getByTestId('cpu-row-machine').textContent).toBe('machineall processes98% of 2 cores');
    unmount();
    // The same worker on a machine with room to spare: the client is the limit, and the warning says so.
    const roomy = { ...machine, cpu: 0.6, servers: [{ name: 'built-in server', cpu: 0.25 }] };
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: [{ ...shared, machine: roomy }] }) });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('saturation-warning').dataset.limit).toBe('client');
    expect(screen.getByTestId('saturation-warning').textContent).toMatch(/limited by kvscope's client, not the cluster/);
  });

  it('shows no CPU table for a target kvscope did not start on this machine', () => {
    showRun(3);
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.queryByTestId('cpu-table')).toBeNull();
  });

  it('does not blame the client for a second in which more operations failed than succeeded', () => {
    const down = sample(0, { get: 0, put: 0, getErrors: 10, workers: [{ id: 0, rssMiB: 50, elu: 0.99 }] });
    down.ops.put.unavailable = 500;
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: [down] }), connection: 'open' });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('tile-ops').textContent).toBe('0');
    expect(screen.getByTestId('tile-unavailable').textContent).toBe('500');
    expect(screen.getByTestId('tile-p99').textContent).toBe('–');
    expect(screen.queryByTestId('saturation-warning')).toBeNull();
  });

  it('stops the run, and shows the summary and exact buckets when it has ended', async () => {
    showRun(3, { logs: [{ level: 'error', message: 'ECONNRESET', at: 1, source: 'worker 0' }] });
    const fake = fakeBridge();
    render(<LivePage />, { wrapper: wrapper(fake.bridge) });
    expect(screen.getByTestId('log-panel').textContent).toContain('ECONNRESET');
    expect(screen.getByTestId('log-error-count').textContent).toBe('1 error');
    await act(async () => void fireEvent.click(screen.getByTestId('stop-button')));
    expect(fake.calls.map((c) => c.channel)).toContain('stopRun');
    act(() => useKv.setState((s) => ({ live: { ...s.live, phase: 'stopping' } })));
    expect((screen.getByTestId('stop-button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('stop-button').textContent).toBe('Stopping…');
    act(() => useKv.setState((s) => ({ live: { ...s.live, phase: 'done', summary: summary(), file: '/runs/x.ndjson' } })));
    expect(screen.getByTestId('summary-table').textContent).toContain('/runs/x.ndjson');
    expect(screen.getByTestId('summary-row-all')).toBeTruthy();
    expect(screen.getByTestId('bucket-le2ms').textContent).toBe('≤ 2 ms99%');
    expect(screen.queryByTestId('stop-button')).toBeNull();
  });
});
