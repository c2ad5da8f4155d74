import { runTitle } from '../../../../app/run/title';
import { LATENCY_COLUMNS } from '../../../../app/metrics/limits';
import { fmtChange, type Comparison, type Row } from '../../../../app/stats/compare';
import { fmtInt, fmtMs } from '../../../../app/report/numbers';

const US_PER_MS = 1000;

/** Baseline first, then each candidate's value and its change, one row per op type. */
function FigureTable({ c, rows, fmt, testId }: { c: Comparison; rows: readonly Row[]; fmt: (v: number) => string; testId: string }) {
  const order = [c.baseline, ...c.runs.map((_, i) => i).filter((i) => i !== c.baseline)];
  const name = (i: number) => runTitle(c.runs[i]);
  return (
    <table className="data" data-testid={testId}>
      <thead>
        <tr>
          <th>op</th>
          {order.map((i) =>
            i === c.baseline ? (
              <th key={i} className="num">
                {name(i)} (base)
              </th>
            ) : (
              [
                <th key={i} className="num">
                  {name(i)}
                </th>,
                <th key={`${i}-d`}>change</th>,
              ]
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.op} data-testid={`${testId}-${r.op}`}>
            <td>{r.op}</td>
            {order.map((i) => {
              const cell = r.cells[i];
              const text = cell ? fmt(cell.mean) : '–';
              if (i === c.baseline)
                return (
                  <td key={i} className="num">
                    {text}
                  </td>
                );
              const change = fmtChange(r.cells[c.baseline], cell, fmt);
              return [
                <td key={i} className="num">
                  {text}
                </td>,
                <td key={`${i}-d`} className={cell?.significant ? 'significant' : 'muted'}>
                  {change}
                </td>,
              ];
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The comparison as tables: throughput and per-second p99 with significance, and the whole run's percentiles side by side. */
export function CompareTables({ c }: { c: Comparison }) {
  return (
    <>
      <section className="panel">
        <h2>Throughput, ops/s</h2>
        <p className="muted">
          Mean of the measured seconds. Change: Mann-Whitney U over the per-second values; ~ means no significant change at p &lt; 0.05.
          With fewer than 4 seconds a side no test can tell, and the table says so. Shift: how far the run moved in ops/s (the
          Hodges-Lehmann estimate) with its 95% confidence interval.
        </p>
        {(c.partialLeftOut ?? []).some((n) => n > 0) && (
          <p className="muted" data-testid="compare-partial">
            Seconds with fewer workers than expected are left out of throughput and p99:{' '}
            {c.partialLeftOut
              .map((n, i) => (n > 0 ? `${runTitle(c.runs[i])}: ${n} s` : ''))
              .filter(Boolean)
              .join(', ')}
          </p>
        )}
        <FigureTable c={c} rows={c.throughput} fmt={fmtInt} testId="compare-throughput" />
      </section>
      <section className="panel">
        <h2>p99 per second, ms</h2>
        <FigureTable c={c} rows={c.p99} fmt={fmtMs} testId="compare-p99" />
      </section>
      <section className="panel">
        <h2>Latency over the whole measured run, ms</h2>
        <table className="data" data-testid="compare-latency">
          <thead>
            <tr>
              <th>op</th>
              <th>run</th>
              {LATENCY_COLUMNS.map(([, label]) => (
                <th key={label} className="num">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {c.latency.flatMap((l) =>
              l.perRun.map((stats, i) => (
                <tr key={`${l.op}-${i}`}>
                  <td>{l.op}</td>
                  <td>
                    {runTitle(c.runs[i])}
                    {i === c.baseline ? ' (base)' : ''}
                  </td>
                  {LATENCY_COLUMNS.map(([k]) => (
                    <td key={k} className="num">
                      {stats ? fmtMs(stats[k] / US_PER_MS) : '–'}
                    </td>
                  ))}
                </tr>
              )),
            )}
          </tbody>
        </table>
      </section>
    </>
  );
}
