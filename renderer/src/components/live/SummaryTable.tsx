import { ThresholdList } from '../runs/Thresholds';
import { LATENCY_COLUMNS } from '../../../../app/metrics/limits';
import type { OpSummary } from '../../../../app/metrics/summary';
// Free of imports but a type: the window bundles no histogram code for it.
import { cutShortNote } from '../../../../app/metrics/cut-short';
import { bucketsFromSummary } from '../../chart-data/buckets';
import { boundLabel } from '../../../../app/metrics/latency-buckets';
import { fmtBytes, fmtInt, fmtPct } from '../../../../app/report/numbers';
import { fmtLatency } from '../../../../app/report/latency-format';
import { saturationNotes } from '../../../../app/report/saturation-text';
import { useKv } from '../../store/store';
import { outcomeOf } from '../../../../app/metrics/outcome';
import { OUTCOME_CLASS } from './outcomeView';

/** The summary in two tables, so a 1024-pixel window holds each whole: how fast, then how the latency spread and what failed. */
type Part = 'speed' | 'shares';

function OpRow({ label, o, part }: { label: string; o: OpSummary; part: Part }) {
  if (part === 'speed')
    return (
      <tr data-testid={`summary-row-${label}`}>
        <td>{label}</td>
        <td className="num">{fmtInt(o.ops)}</td>
        <td className="num">{fmtInt(o.opsPerSec.mean)}</td>
        <td className="num">{fmtInt(o.opsPerSec.min)}</td>
        <td className="num">{fmtInt(o.opsPerSec.max)}</td>
        {LATENCY_COLUMNS.map(([k]) => (
          <td key={k} className="num">
            {fmtLatency(o.latency[k])}
          </td>
        ))}
      </tr>
    );
  return (
    <tr data-testid={`summary-share-row-${label}`}>
      <td>{label}</td>
      {bucketsFromSummary(o.buckets).map((b) => (
        <td key={b.boundMs} className="num">
          {fmtPct(b.share)}
        </td>
      ))}
      <td className="num">{fmtInt(o.notFound)}</td>
      <td className={o.errors > 0 ? 'num bad' : 'num'}>{fmtInt(o.errors)}</td>
      <td className={o.timeouts > 0 ? 'num bad' : 'num'}>{fmtInt(o.timeouts)}</td>
      <td className={(o.unavailable ?? 0) > 0 ? 'num bad' : 'num'}>{fmtInt(o.unavailable ?? 0)}</td>
    </tr>
  );
}

function Headers({ part, bounds }: { part: Part; bounds: number[] }) {
  if (part === 'speed')
    return (
      <tr>
        <th>Op</th>
        <th className="num">Ops</th>
        <th className="num">Ops/s mean</th>
        <th className="num">min</th>
        <th className="num">max</th>
        {LATENCY_COLUMNS.map(([k, label]) => (
          <th key={k} className="num">
            {label}
          </th>
        ))}
      </tr>
    );
  return (
    <tr>
      <th>Op</th>
      {bounds.map((b) => (
        <th key={b} className="num">
          {boundLabel(b)}
        </th>
      ))}
      <th className="num">Not found</th>
      <th className="num">Errors</th>
      <th className="num">Timeouts</th>
      <th className="num" title="operations that found no connection to the target">
        Unavailable
      </th>
    </tr>
  );
}

const PART_LABEL: Record<Part, string> = { speed: 'throughput and latency per op', shares: 'latency shares and failures per op' };

/** The run's final numbers, per op type and all together, from the merged histograms of the measured phase. */
export function SummaryTable() {
  const summary = useKv((s) => s.live.summary);
  const file = useKv((s) => s.live.file);
  if (!summary) return null;
  const ops = Object.entries(summary.ops);
  const peaks = Object.entries(summary.peakRss);
  return (
    <section className="panel" data-testid="summary-table">
      <header className="panel-head">
        <h2>
          Summary <span className={`phase ${OUTCOME_CLASS[outcomeOf(summary).kind]}`}>{outcomeOf(summary).kind}</span>
        </h2>
        <span className="muted">
          {summary.seconds} s measured after {summary.warmup.seconds} s warm-up ({fmtInt(summary.warmup.ops)} warm-up ops kept apart)
        </span>
      </header>
      {summary.thresholds && summary.thresholds.length > 0 && <ThresholdList results={summary.thresholds} />}
      {(['speed', 'shares'] as const).map((part) => (
        // Focusable: a table wider than a small window scrolls by keyboard too.
        <div key={part} className="table-scroll" tabIndex={0} role="region" aria-label={PART_LABEL[part]}>
          <table className="data">
            <thead>
              <Headers part={part} bounds={bucketsFromSummary(summary.total.buckets).map((b) => b.boundMs)} />
            </thead>
            <tbody>
              {ops.map(([op, o]) => (
                <OpRow key={op} label={op} o={o} part={part} />
              ))}
              {ops.length > 1 && <OpRow label="all" o={summary.total} part={part} />}
            </tbody>
          </table>
        </div>
      ))}
      <ul className="facts">
        {peaks.length > 0 && <li>Peak RSS: {peaks.map(([w, b]) => `worker ${w} ${fmtBytes(b)}`).join(', ')}</li>}
        {summary.bytesInPerSec > 0 && (
          <li>
            Received {fmtBytes(summary.bytesInPerSec)}/s, sent {fmtBytes(summary.bytesOutPerSec)}/s
          </li>
        )}
        {cutShortNote(summary) && <li data-testid="summary-cut-short">{cutShortNote(summary)}</li>}
        {saturationNotes(summary).map((note) => (
          <li key={note} className="bad" data-testid="summary-saturated">
            {note}
          </li>
        ))}
        {file && (
          <li>
            Run file: <span className="mono">{file}</span>
          </li>
        )}
      </ul>
    </section>
  );
}
