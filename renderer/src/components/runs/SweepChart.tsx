import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { Comparison } from '../../../../app/stats/compare';
import { TOTAL } from '../../../../app/stats/series';
import { fmtCompact, US_PER_MS } from '../../../../app/report/numbers';
import { fmtLatency } from '../../../../app/report/latency-format';

const HEIGHT = 300;
const OPS_COLOR = '#2563eb';
const P99_COLOR = '#db2777';
const MARGIN = { top: 8, right: 16, bottom: 0, left: 0 };
/** Recharts' tooltip is styled inline: in the theme's colors, like the page's own tooltips. */
const TOOLTIP = { background: 'var(--panel)', borderColor: 'var(--tooltip-border)' };
const TOOLTIP_LABEL = { color: 'var(--text)' };
/** The comparison's p99 figures are in ms; a sweep of a fast server reaches into µs. */
const p99Text = (ms: number): string => fmtLatency(ms * US_PER_MS);

interface Props {
  setting: string;
  values: readonly unknown[];
  c: Comparison;
}

/** Throughput and p99 against the swept value: where the knee is. Static data, so recharts draws all of it. */
export function SweepChart({ setting, values, c }: Props) {
  // With repeats each value is a group: its point is the mean of its runs.
  const ops = (c.groups?.throughput ?? c.throughput).find((r) => r.op === TOTAL);
  const p99 = (c.groups?.p99 ?? c.p99).find((r) => r.op === TOTAL);
  const rows = values.map((v, i) => ({ value: JSON.stringify(v) ?? '', ops: ops?.cells[i]?.mean, p99: p99?.cells[i]?.mean }));
  return (
    <section className="panel chart" data-testid="sweep-chart" data-points={rows.length}>
      <header className="panel-head">
        <h2>
          Sweep of {setting} <span className="unit">ops/s and p99 per value</span>
        </h2>
      </header>
      <LineChart responsive style={{ width: '100%', height: HEIGHT }} data={rows} margin={MARGIN}>
        <CartesianGrid stroke="#e5e7eb" vertical={false} />
        <XAxis dataKey="value" fontSize={12} />
        <YAxis yAxisId="ops" tickFormatter={fmtCompact} fontSize={12} />
        <YAxis yAxisId="p99" orientation="right" tickFormatter={p99Text} fontSize={12} />
        <Tooltip
          isAnimationActive={false}
          contentStyle={TOOLTIP}
          labelStyle={TOOLTIP_LABEL}
          formatter={(v, _name, item) => (item.dataKey === 'p99' && typeof v === 'number' ? p99Text(v) : v)}
        />
        <Legend />
        <Line yAxisId="ops" dataKey="ops" name="ops/s (all ops)" stroke={OPS_COLOR} isAnimationActive={false} />
        <Line yAxisId="p99" dataKey="p99" name="p99 (mean of seconds)" stroke={P99_COLOR} strokeDasharray="6 3" isAnimationActive={false} />
      </LineChart>
    </section>
  );
}
