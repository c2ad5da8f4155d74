import { runTitle } from '../../../../app/run/title';
import { LATENCY_COLUMNS } from '../../../../app/metrics/limits';
import { fmtChange, groupTable, RUNS_NOTE, SECONDS_NOTE, verdictLines, type Comparison, type Row } from '../../../../app/stats/compare';
import { fmtInt, fmtMs, US_PER_MS } from '../../../../app/report/numbers';

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

/** A table of text rows (the first its head), as the terminal and the report print it. */
function TextTable({ rows, testId }: { rows: string[][]; testId: string }) {
  return (
    <table className="data" data-testid={testId}>
      <thead>
        <tr>
          {rows[0].map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.slice(1).map((r) => (
          <tr key={`${r[0]}-${r[1]}`} data-testid={`${testId}-${r[0]}`}>
            {r.map((v, k) => (
              <td key={k} className={k === r.length - 1 ? (/^[+-]/.test(v) ? 'significant' : 'muted') : k >= 2 ? 'num' : undefined}>
                {v}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The judged figures: per group on their runs, or per run against the baseline on its seconds. */
function Figures({ c }: { c: Comparison }) {
  const g = c.groups;
  const partial = (c.partialLeftOut ?? []).some((n) => n > 0) && (
    <p className="muted" data-testid="compare-partial">
      Seconds with fewer workers than expected are left out of throughput and p99:{' '}
      {c.partialLeftOut
        .map((n, i) => (n > 0 ? `${runTitle(c.runs[i])}: ${n} s` : ''))
        .filter(Boolean)
        .join(', ')}
    </p>
  );
  if (g)
    return (
      <>
        <section className="panel">
          <h2>Throughput, ops/s: runs compared as groups</h2>
          <p className="muted">{RUNS_NOTE}</p>
          {partial}
          <TextTable rows={groupTable(g, g.throughput, fmtInt)} testId="compare-throughput" />
        </section>
        <section className="panel">
          <h2>p99 of each run, ms</h2>
          <TextTable rows={groupTable(g, g.p99, fmtMs)} testId="compare-p99" />
        </section>
      </>
    );
  return (
    <>
      <section className="panel">
        <h2>Throughput, ops/s</h2>
        <p className="muted">{SECONDS_NOTE}</p>
        {partial}
        <FigureTable c={c} rows={c.throughput} fmt={fmtInt} testId="compare-throughput" />
      </section>
      <section className="panel">
        <h2>p99 per second, ms</h2>
        <FigureTable c={c} rows={c.p99} fmt={fmtMs} testId="compare-p99" />
      </section>
    </>
  );
}

/** The verdict first, in words: what changed beyond the noise the test can see, and what it cannot see. */
export function VerdictPanel({ c }: { c: Comparison }) {
  const lines = verdictLines(c);
  if (lines.length === 0) return null;
  return (
    <section className="panel" data-testid="compare-verdict">
      <h2>Verdict</h2>
      {lines.map((l) => (
        <p key={l} className={/cannot speak|To judge it/.test(l) ? 'muted' : undefined}>
          {l}
        </p>
      ))}
    </section>
  );
}

/** The comparison as tables: the verdict, throughput and p99 with significance, and the whole run's percentiles side by side. */
export function CompareTables({ c }: { c: Comparison }) {
  return (
    <>
      <VerdictPanel c={c} />
      <Figures c={c} />
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
