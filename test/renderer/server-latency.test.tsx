// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LivePage } from '../../renderer/src/pages/LivePage';
import { fromState } from '../../renderer/src/store/live';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { latencyRow, nodeKey } from '../../renderer/src/chart-data/shape';
import { latencySpec } from '../../renderer/src/charts/spec';
import { fakeBridge, idleState, runInfo, sample, stubResizeObserver, wrapper } from './fixtures';

beforeAll(stubResizeObserver);
beforeEach(resetStore);
afterEach(cleanup);

/** A Redis master's second: 1,000 GETs timed by the server, 990 at most 4 µs, 10 at most 64 µs. */
const timed = {
  id: '127.0.0.1:6379',
  address: '127.0.0.1:6379',
  rates: {
    'read.success': 1000,
    'latency.read.n': 1000,
    'latency.read.us': 3000,
    'latency.read.b4': 990,
    'latency.read.b64': 10,
  },
};
const untimed = { id: 'kv-0', address: '127.0.0.1:4100', rates: { 'read.success': 70 } };

function showRun(nodes: (typeof timed | typeof untimed)[]) {
  const samples = [0, 1, 2].map((i) => sample(i, { get: 1000, nodes }));
  useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples }), connection: 'open' });
}

describe("the server's own latency per node", () => {
  it('is shaped per node in ms: its mean, and p50 and p99 as bucket upper bounds', () => {
    const row = latencyRow(sample(0, { get: 1000, nodes: [timed] }));
    expect(row[nodeKey(timed.id, 'srvMean')]).toBeCloseTo(0.003);
    expect(row[nodeKey(timed.id, 'srvP50')]).toBeCloseTo(0.004);
    expect(row[nodeKey(timed.id, 'srvP99')]).toBeCloseTo(0.004);
    expect(Object.keys(latencyRow(sample(0, { nodes: [untimed] })))).toEqual(['t', 'p50', 'p95', 'p99', 'max']);
  });

  it("draws only the nodes that timed something; beside the client's lines only their p99", () => {
    const rows = [latencyRow(sample(0, { nodes: [timed, untimed] }))];
    const server = latencySpec('server', [timed.id, untimed.id], rows).series.map((s) => s.label);
    expect(server).toEqual([`${timed.id} server p99`, `${timed.id} server p50`]);
    const both = latencySpec('both', [timed.id, untimed.id], rows).series.map((s) => s.label);
    expect(both).toEqual(['p50', 'p95', 'p99', 'max', `${timed.id} server p99`]);
  });

  it('switches the Latency chart between client, server and both, and shows the server columns in the Nodes table', () => {
    showRun([timed]);
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    const chart = () => screen.getByTestId('latency-chart').textContent;
    expect(screen.getByTestId('latency-source-client').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('latency-source-server'));
    expect(chart()).toContain('Latency (server side, per node)');
    expect(chart()).toContain(`${timed.id} server p99`);
    fireEvent.click(screen.getByTestId('latency-source-both'));
    expect(chart()).toContain('Latency (client, and server per node)');
    expect(useKv.getState().view.latency).toBe('both');
    const row = screen.getByTestId(`node-row-${timed.id}`).textContent;
    expect(row).toContain('3.0 µs');
    expect(row).toContain('≤ 4.0 µs');
    expect(screen.getByTestId('node-table').textContent).toContain('Server p99');
  });

  it('offers only the client side for a target whose nodes time nothing', () => {
    showRun([untimed]);
    useKv.getState().setLatencySource('server');
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect((screen.getByTestId('latency-source-server') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('latency-source-client').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('node-table').textContent).not.toContain('Server p99');
  });
});
