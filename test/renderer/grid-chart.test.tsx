// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { compareRuns } from '../../app/stats/compare';
import { GridChart } from '../../renderer/src/components/runs/GridChart';
import { gridShape, rowChange } from '../../renderer/src/components/runs/gridCells';
import { fixtureRun, steady } from '../unit/run-fixture';

afterEach(cleanup);

const cell = (size: number, pipelining: boolean) => [
  { setting: 'valueSize', value: size },
  { setting: 'target.autoPipelining', value: pipelining },
];
// Per-second counts chosen so each cell's ops/s is known: 3 B on 200, off 100; 1 KB on 120, off 150.
const CELLS = [cell(3, true), cell(3, false), cell(1024, true), cell(1024, false)];
// The fixture's seconds carry one operation besides the gets, so each total is the count plus one.
const COUNTS = [199, 99, 119, 149];

function comparison() {
  return compareRuns(COUNTS.map((n, i) => fixtureRun(`cell${i}`, steady(10, { get: { count: n, us: 1000 } }))));
}

describe('the grid chart of a grid sweep', () => {
  it('puts each run in its outer row and inner column, with its change from the row’s first cell', () => {
    const g = gridShape(['valueSize', 'target.autoPipelining'], CELLS, comparison());
    expect(g.outer).toBe('valueSize');
    expect(g.columns).toEqual(['target.autoPipelining=true', 'target.autoPipelining=false']);
    expect(g.rows.map((r) => [r.value, ...r.ops.map((v) => Math.round(v ?? -1))])).toEqual([
      ['3', 200, 100],
      ['1024', 120, 150],
    ]);
    expect(rowChange(g.rows[0].ops, 1)).toBe('-50.0%');
    expect(rowChange(g.rows[1].ops, 1)).toBe('+25.0%');
    expect(rowChange(g.rows[1].ops, 0)).toBe('');
  });

  it('draws every cell and tables it by outer value', () => {
    render(<GridChart settings={['valueSize', 'target.autoPipelining']} cells={CELLS} c={comparison()} />);
    expect(screen.getByTestId('grid-chart').getAttribute('data-cells')).toBe('4');
    expect(screen.getByTestId('grid-chart').textContent).toContain('Grid of valueSize × target.autoPipelining');
    const rows = [...screen.getByTestId('grid-table').querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(rows).toEqual(['3200 100 -50.0%', '1024120 150 +25.0%']);
  });
});
