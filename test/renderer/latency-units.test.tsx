// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlotTooltip } from '../../renderer/src/charts/PlotTooltip';
import { LATENCY } from '../../renderer/src/charts/spec';
import { SummaryTable } from '../../renderer/src/components/live/SummaryTable';
import { tileValues } from '../../renderer/src/components/live/tiles';
import { fromState } from '../../renderer/src/store/live';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { idleState, latency, runInfo, sample, summary } from './fixtures';

beforeEach(resetStore);
afterEach(cleanup);

describe('latencies of a few µs on the Live page', () => {
  it('tiles show them in µs, the number readable on its own', () => {
    const tiles = tileValues(sample(0, { lat: { p50: 3, p99: 48 } }), 'builtin-kv');
    expect(tiles.find((t) => t.id === 'p50')).toMatchObject({ value: '3.0', unit: 'µs' });
    expect(tiles.find((t) => t.id === 'p99')).toMatchObject({ value: '48', unit: 'µs' });
    expect(tileValues(sample(0, { lat: { p99: 1500 } }), 'builtin-kv').find((t) => t.id === 'p99')).toMatchObject({
      value: '1.50',
      unit: 'ms',
    });
  });

  it('the Summary prints each with its unit, not 0.00', () => {
    const s = summary();
    const fast = { ...s.total, latency: latency({ p50: 3.2, p90: 4, p99: 48, p999: 900, max: 2500 }) };
    useKv.setState({
      live: fromState({ ...idleState(), run: runInfo(), phase: 'done', summary: { ...s, total: fast, ops: { get: fast } } }),
    });
    render(<SummaryTable />);
    const row = screen.getByTestId('summary-row-get').textContent;
    for (const text of ['3.2 µs', '4.0 µs', '48 µs', '900 µs', '2.50 ms']) expect(row).toContain(text);
  });

  it("the chart's tooltip names a line's value in µs", () => {
    render(<PlotTooltip spec={LATENCY} row={{ t: 3, p50: 0.0032, p99: 250 }} x={10} width={400} />);
    const text = screen.getByTestId('plot-tooltip').textContent;
    expect(text).toContain('p50: 3.2 µs');
    expect(text).toContain('p99: 250 ms');
  });
});
