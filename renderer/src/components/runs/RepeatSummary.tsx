import { repeatStats } from '../../../../app/plan/repeats';
import type { Comparison, Row } from '../../../../app/stats/compare';
import { fmtInt, PERCENT, US_PER_MS } from '../../../../app/report/numbers';
import { fmtLatency } from '../../../../app/report/latency-format';
import { SHORT_ID } from '../../../../app/run/title';

/** One figure across the repeats: median, spread and the runs that stand apart (modified z-score > 3.5). */
function line(label: string, row: Row | undefined, fmt: (v: number) => string, c: Comparison) {
  const means = (row?.cells ?? []).map((cell) => cell?.mean).filter((m): m is number => m !== undefined);
  if (means.length === 0) return null;
  const s = repeatStats(means);
  const outliers = s.outliers.map((i) => `#${i + 1} ${c.runs[i].id.slice(0, SHORT_ID)} (${fmt(means[i])})`);
  return (
    <tr key={label} data-testid={`repeat-${label}`}>
      <td>{label}</td>
      <td className="num">{fmt(s.median)}</td>
      <td className="num">{fmt(s.min)}</td>
      <td className="num">{fmt(s.max)}</td>
      <td className="num">{(s.spread * PERCENT).toFixed(1)}%</td>
      <td className={outliers.length > 0 ? 'bad' : 'muted'}>{outliers.join(', ') || 'none'}</td>
    </tr>
  );
}

/** What repeating a scenario tells: how much the same run varies, and which repeat to distrust. */
export function RepeatSummary({ c }: { c: Comparison }) {
  const total = (rows: readonly Row[]) => rows.find((r) => r.op === 'total');
  return (
    <section className="panel" data-testid="repeat-summary">
      <h2>
        {c.runs.length} repeats of {c.runs[0].name}
      </h2>
      <table className="data">
        <thead>
          <tr>
            <th>figure</th>
            <th className="num">median</th>
            <th className="num">min</th>
            <th className="num">max</th>
            <th className="num">spread</th>
            <th>outliers</th>
          </tr>
        </thead>
        <tbody>
          {line('ops/s', total(c.throughput), fmtInt, c)}
          {line('p99', total(c.p99), (ms) => fmtLatency(ms * US_PER_MS), c)}
        </tbody>
      </table>
      <p className="muted">
        Spread is (max − min) / median. A repeat is an outlier when its modified z-score exceeds 3.5 (needs three or more repeats).
      </p>
    </section>
  );
}
