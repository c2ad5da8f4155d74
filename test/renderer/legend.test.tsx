// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlotLegend } from '../../renderer/src/charts/PlotLegend';
import { CLUSTER_THROUGHPUT, LATENCY } from '../../renderer/src/charts/spec';

afterEach(cleanup);

describe('the chart legend', () => {
  it('says a stacked chart is stacked, and only then', () => {
    render(<PlotLegend spec={CLUSTER_THROUGHPUT} />);
    expect(screen.getByTestId('legend-stacked').textContent).toMatch(/stacked/);
    cleanup();
    render(<PlotLegend spec={LATENCY} />);
    expect(screen.queryByTestId('legend-stacked')).toBeNull();
  });

  it('draws the max swatch dashed', () => {
    const { container } = render(<PlotLegend spec={LATENCY} />);
    const swatches = [...container.querySelectorAll<HTMLElement>('.swatch')];
    expect(swatches.map((s) => s.style.borderTopStyle)).toEqual(['solid', 'solid', 'solid', 'dashed']);
  });
});
