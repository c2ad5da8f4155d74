import { thresholdText, type ThresholdResult } from '../../../../app/metrics/thresholds';

/** The Runs list's mark for a run with thresholds: whether they held, the misses on hover and below. */
export function ThresholdsBadge({ missed, id }: { missed: string; id: string }) {
  return (
    <div className="run-reason" data-testid={`thresholds-${id}`}>
      <span className={`phase ${missed ? 'phase-failed' : 'phase-done'}`} title={missed || 'every threshold held'}>
        {missed ? 'thresholds missed' : 'thresholds held'}
      </span>
      {missed && <div className="muted">{missed}</div>}
    </div>
  );
}

/** Every threshold of the run, held or missed, with the figure and the limit. */
export function ThresholdList({ results }: { results: readonly ThresholdResult[] }) {
  return (
    <ul className="thresholds" data-testid="summary-thresholds">
      {results.map((r) => (
        <li key={r.name} className={r.passed ? 'muted' : 'field-error'}>
          {r.passed ? 'held' : 'MISSED'}: {thresholdText(r)}
        </li>
      ))}
    </ul>
  );
}
