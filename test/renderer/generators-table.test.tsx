// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GeneratorsTable } from '../../renderer/src/components/live/GeneratorsTable';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, sample, wrapper } from './fixtures';
import { PlacesPanel } from '../../renderer/src/components/live/PlacesPanel';
import { appendRows, emptyChartRows } from '../../renderer/src/chart-data/chartRows';

beforeEach(resetStore);
afterEach(cleanup);

const worker = (id: number, count: number, place?: string) => ({
  id,
  count,
  cpu: 0.8,
  elu: 0.6,
  inFlight: 32,
  backlog: 0,
  mem: { rss: 80 * 2 ** 20, heapUsed: 0, external: 0 },
  ...(place ? { place } : {}),
});

function withLast(workers: ReturnType<typeof worker>[]) {
  act(() => useKv.setState((s) => ({ live: { ...s.live, last: { ...(s.live.last ?? {}), workers } as never } })));
}

describe("the Live page's load generators", () => {
  it('shows each place of a run placed on agents, latest second', () => {
    render(<GeneratorsTable />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.queryByTestId('generators-table')).toBeNull();
    withLast([worker(0, 1000), worker(1, 2000, 'agent a1'), worker(2, 3000, 'agent a1')]);
    expect(screen.getByTestId('generator-row-this machine').textContent).toBe('this machine11,00080%60%80.0 MiB');
    expect(screen.getByTestId('generator-row-agent a1').textContent).toBe('agent a125,000160%60%160.0 MiB');
  });

  it('stays away for a run all on this machine', () => {
    render(<GeneratorsTable />, { wrapper: wrapper(fakeBridge().bridge) });
    withLast([worker(0, 1000), worker(1, 1000)]);
    expect(screen.queryByTestId('generators-table')).toBeNull();
  });
});

describe("the Live page's load generators chart", () => {
  it('draws one line per place for a run placed on agents, and nothing for a run all here', () => {
    const placed = [0, 1, 2].map((t) =>
      sample(t, {
        workers: [
          { id: 0, rssMiB: 50, count: 100 },
          { id: 1, rssMiB: 50, count: 200, place: 'agent a1' },
        ],
      }),
    );
    act(() => useKv.setState((s) => ({ live: { ...s.live, rows: appendRows(emptyChartRows(), placed, 'redis', 100), last: placed[2] } })));
    render(<PlacesPanel />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('places-chart').textContent).toContain('Throughput per load generator (client side)');
    expect(screen.getByTestId('places-chart').textContent).toContain('agent a1');
    expect(screen.getByTestId('generator-row-agent a1')).toBeTruthy();
  });

  it('switches to each place’s CPU, busiest event loop and RSS', () => {
    const placed = [0, 1, 2].map((t) => sample(t, { workers: [{ id: 0, rssMiB: 50, count: 100, place: 'agent a1' }] }));
    act(() => useKv.setState((s) => ({ live: { ...s.live, rows: appendRows(emptyChartRows(), placed, 'redis', 100), last: placed[2] } })));
    render(<PlacesPanel />, { wrapper: wrapper(fakeBridge().bridge) });
    const chart = () => screen.getByTestId('places-chart').textContent;
    fireEvent.click(screen.getByTestId('place-metric-cpu'));
    expect(chart()).toContain('CPU per load generator');
    expect(screen.getByTestId('place-metric-cpu').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('place-metric-elu'));
    expect(chart()).toContain('Busiest event loop per load generator');
    fireEvent.click(screen.getByTestId('place-metric-rss'));
    expect(chart()).toContain('Client memory per load generator');
    expect(chart()).toContain('MiB');
  });

  it('is absent for a run all on this machine', () => {
    const local = [sample(0, { workers: [{ id: 0, rssMiB: 50, count: 100 }] })];
    act(() => useKv.setState((s) => ({ live: { ...s.live, rows: appendRows(emptyChartRows(), local, 'redis', 100), last: local[0] } })));
    render(<PlacesPanel />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.queryByTestId('places-chart')).toBeNull();
  });
});
