import { groupValue } from '../../../../app/run/title';
import { useState } from 'react';
import { useBridge } from '../../bridge/context';
import { fmtClock } from '../../../../app/report/numbers';
import { reportDate } from '../../../../app/report/report-head';
import { isActivePhase } from '../../store/live';
import { useKv } from '../../store/store';
import { verdictOf } from './outcomeView';
import { phaseLabel, runProgress } from './progress';
import { errorMessage } from '../../../../app/error-message';
import type { LogEntry } from '../../../../app/run/format';

/** Which run, its phase, how far through warm-up and run it is, and Stop. */
export function RunBar() {
  const { bridge } = useBridge();
  const run = useKv((s) => s.live.run);
  const phase = useKv((s) => s.live.phase);
  const lastSecond = useKv((s) => s.live.last?.second);
  const summary = useKv((s) => s.live.summary);
  const last = useKv((s) => s.live.last);
  const verdict = verdictOf(summary, last);
  // While starting, main says what it is waiting for (a local cluster, the workers) in its newest line.
  const startingWhat = useKv((s) => (s.live.phase === 'starting' ? newestFromMain(s.live.logs) : undefined));
  const [stopping, setStopping] = useState(false);
  if (!run) return null;
  const p = runProgress(run, phase, lastSecond);
  // An ended run, live a moment ago or opened from the Runs page, is a record: its date, not a clock.
  const ended = !isActivePhase(phase) && phase !== 'idle';
  const boundedByOps = run.scenario.totalOps !== undefined;
  const stop = async () => {
    setStopping(true);
    try {
      await bridge.stopRun({});
    } catch (err) {
      useKv.getState().noteError(`stop failed: ${errorMessage(err)}`);
    } finally {
      setStopping(false);
    }
  };
  return (
    <section className="panel run-bar">
      <div className="run-title">
        <h1>{run.scenario.name}</h1>
        <span className="muted">{run.scenario.target.kind}</span>
        {run.group && (
          <span className="muted" data-testid="run-group">
            {run.group.kind === 'capacity' ? (
              // A search's length is not known ahead: its runs are told by what they try.
              `capacity search · ${groupValue(run.group)}`
            ) : (
              <>
                run {run.group.index + 1} of {run.group.count}
                {run.group.setting ? ` · ${run.group.setting}=${JSON.stringify(run.group.value)}` : ''}
              </>
            )}
          </span>
        )}
        {verdict?.label ? (
          <span className={`phase ${verdict.className}`} data-testid="phase" data-phase={phase} data-outcome={verdict.label}>
            {verdict.label}
          </span>
        ) : (
          <span className={`phase phase-${phase}`} data-testid="phase" data-phase={phase}>
            {phaseLabel(phase)}
          </span>
        )}
      </div>
      {phase === 'starting' && (
        <div className="muted" data-testid="starting-what">
          {startingWhat ?? 'starting…'}
        </div>
      )}
      {verdict?.reason && (
        <div className="outcome-reason" data-testid="outcome-reason">
          {verdict.reason}
        </div>
      )}
      <div className="progress-block">
        <div
          className="progress"
          role="progressbar"
          aria-label="run progress"
          aria-valuemin={0}
          aria-valuemax={p.total}
          aria-valuenow={p.elapsed}
          data-testid="progress"
        >
          <div className="progress-warmup" style={{ transform: `scaleX(${p.warmupFraction})` }} />
          <div className="progress-fill" style={{ transform: `scaleX(${p.fraction})` }} />
        </div>
        <div className="progress-text">
          {ended ? (
            <span data-testid="saved-run">
              {summary ? 'Run' : 'Kept run'} of {reportDate(new Date(run.startedAt).toISOString())} · {summary?.seconds ?? 0} s measured
            </span>
          ) : (
            <span data-testid="elapsed">{fmtClock(p.elapsed)} elapsed</span>
          )}
          <span className="muted">
            warm-up {run.warmupSeconds} s, run {boundedByOps ? `≤ ${run.runSeconds}` : run.runSeconds} s
          </span>
          {!ended && (
            <span data-testid="remaining">
              {boundedByOps && p.remaining > 0 ? '≤ ' : ''}
              {fmtClock(p.remaining)} left
            </span>
          )}
        </div>
      </div>
      {/* A run that has ended (or one opened from the library) has nothing to stop: a dimmed red button still read as one. */}
      {isActivePhase(phase) && (
        <button type="button" className="danger" data-testid="stop-button" disabled={phase === 'stopping' || stopping} onClick={stop}>
          {phase === 'stopping' ? 'Stopping…' : 'Stop'}
        </button>
      )}
    </section>
  );
}

function newestFromMain(logs: readonly LogEntry[]): string | undefined {
  for (let i = logs.length - 1; i >= 0; i--) if (logs[i].source === 'main') return logs[i].message;
  return undefined;
}
