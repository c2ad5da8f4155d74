import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { Comparison } from '../../../../app/stats/compare';
import type { SweptValue } from '../../../../app/plan/group';
import { fmtCompact, fmtInt } from '../../../../app/report/numbers';
import { gridShape, rowChange } from './gridCells';

const HEIGHT = 300;
const MARGIN = { top: 8, right: 16, bottom: 0, left: 0 };
/** One colour per inner combination, in the order they ran (a grid has at most 20 cells). */
const COLORS = ['#2563eb', '#db2777', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#dc2626', '#4b5563'];
/** Recharts' tooltip is styled inline: in the theme's colors, like the page's own tooltips. */
const TOOLTIP = { background: 'var(--panel)', borderColor: 'var(--tooltip-border)' };
const TOOLTIP_LABEL = { color: 'var(--text)' };

interface Props {
  settings: readonly string[];
  cells: readonly SweptValue[][];
  c: Comparison;
}

/** A grid sweep's throughput per cell: bars by outer value, one per inner combination, and the same as a table with each row's change. */
export function GridChart({ settings, cells, c }: Props) {
  const g = gridShape(settings, cells, c);
  const data = g.rows.map((r) => ({ value: r.value, ...Object.fromEntries(g.columns.map((col, i) => [col, r.ops[i]])) }));
  return (
    <section className="panel chart" data-testid="grid-chart" data-cells={g.rows.length * g.columns.length}>
      <header className="panel-head">
        <h2>
          Grid of {settings.join(' × ')} <span className="unit">ops/s per cell, by {g.outer}</span>
        </h2>
      </header>
      <BarChart responsive style={{ width: '100%', height: HEIGHT }} data={data} margin={MARGIN}>
        <CartesianGrid stroke="#e5e7eb" vertical={false} />
        <XAxis dataKey="value" fontSize={12} />
        <YAxis tickFormatter={fmtCompact} fontSize={12} />
        <Tooltip
          isAnimationActive={false}
          contentStyle={TOOLTIP}
          labelStyle={TOOLTIP_LABEL}
          formatter={(v) => (typeof v === 'number' ? fmtInt(v) : v)}
        />
        <Legend />
        {g.columns.map((col, i) => (
          <Bar key={col} dataKey={col} name={col || 'ops/s'} fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
        ))}
      </BarChart>
      <table className="data" data-testid="grid-table">
        <thead>
          <tr>
            <th>{g.outer}</th>
            {g.columns.map((col) => (
              <th key={col}>{col}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {g.rows.map((r) => (
            <tr key={r.value}>
              <th scope="row">{r.value}</th>
              {r.ops.map((v, i) => (
                <td key={g.columns[i]} className="num">
                  {v === null ? 'no run' : fmtInt(v)} <span className="muted">{rowChange(r.ops, i)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
