import { useState } from 'react';
import type { LogEntry } from '../../../../app/run/format';
import { useKv } from '../../store/store';
import { Segmented } from '../Segmented';

type Filter = 'all' | 'problems';

/** Newest lines are what matter while a run is live; the full log is in the run file. */
const SHOWN_LINES = 200;

const time = (at: number): string => new Date(at).toLocaleTimeString(undefined, { hour12: false });
const isProblem = (l: LogEntry): boolean => l.level !== 'info';

/** The run's log, newest first; errors and warnings counted in the header and marked in the list. */
export function LogPanel() {
  const logs = useKv((s) => s.live.logs);
  const [filter, setFilter] = useState<Filter>('all');
  const errors = logs.filter((l) => l.level === 'error').length;
  const warnings = logs.filter((l) => l.level === 'warn').length;
  const shown = (filter === 'all' ? logs : logs.filter(isProblem)).slice(-SHOWN_LINES).reverse();
  return (
    <section className="panel" data-testid="log-panel">
      <header className="panel-head">
        <h2>
          Log{' '}
          {errors > 0 && (
            <span className="count bad" data-testid="log-error-count">
              {errors} error{errors === 1 ? '' : 's'}
            </span>
          )}
          {warnings > 0 && (
            <span className="count warn">
              {warnings} warning{warnings === 1 ? '' : 's'}
            </span>
          )}
        </h2>
        <div className="panel-actions">
          <Segmented<Filter>
            label="log filter"
            options={[
              { id: 'all', label: 'All' },
              { id: 'problems', label: 'Errors & warnings' },
            ]}
            value={filter}
            onChange={setFilter}
            testIdPrefix="log-filter"
          />
        </div>
      </header>
      {shown.length === 0 ? (
        <p className="muted empty-text">{filter === 'all' ? 'Nothing logged yet.' : 'No errors or warnings.'}</p>
      ) : (
        <ol className="log">
          {shown.map((l, i) => (
            <li key={`${l.at}-${i}`} className={`log-${l.level}`}>
              <span className="log-time mono">{time(l.at)}</span>
              <span className="log-level">{l.level}</span>
              <span className="log-source">{l.source}</span>
              <span className="log-message">{l.message}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
