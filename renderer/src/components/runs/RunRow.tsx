import { ThresholdsBadge } from './Thresholds';
import { useState } from 'react';
import type { ExportKind, RunListItem } from '../../../../app/protocol/bridge';
import { useBridge } from '../../bridge/context';
import { downloadFile } from '../../export/download';
import { fmtInt, NO_FIGURE } from '../../../../app/report/numbers';
import { fmtLatency } from '../../../../app/report/latency-format';
import { useKv } from '../../store/store';
import { groupText } from './runRows';
import { OUTCOME_CLASS } from '../live/outcomeView';
import { errorMessage } from '../../../../app/error-message';
import { SHORT_ID } from '../../../../app/run/title';
import { BenchExports } from './BenchExports';

/** Outcomes whose reason is written under the badge, not only in its tooltip. */
const CAVEAT_KINDS = new Set<string>(['done with errors', 'degraded', 'failed']);

interface Props {
  run: RunListItem;
  /** Another file holds the same run (same id): the row then names its file. */
  copied?: boolean;
  /** Its place among the runs picked for comparison, -1 when not picked (0 is the baseline). */
  selected: number;
  onToggle(file: string): void;
  /** Opening replaces what the Live page shows, so not while a run is live. */
  canOpen: boolean;
  onChanged(): void;
  onError(message: string): void;
}

/** One run of the library and what can be done with it. */
export function RunRow({ run: r, copied = false, selected, onToggle, canOpen, onChanged, onError }: Props) {
  const { bridge } = useBridge();
  const [label, setLabel] = useState(r.label);
  const [confirming, setConfirming] = useState(false);
  const fail = (what: string) => (err: unknown) => onError(`${what} failed: ${errorMessage(err)}`);
  if (r.status === 'unreadable') {
    return (
      <tr className="unreadable" data-testid={`run-row-${r.file}`}>
        <td />
        <td colSpan={11}>
          <code>{r.file}</code>: {r.error ?? 'not a readable run'} (left untouched)
        </td>
      </tr>
    );
  }
  // Every action names the run by its file, so a copy of a run is never mistaken for it.
  const file = r.file;
  const exportAs = (kind: ExportKind) => bridge.exportFile({ kind, files: [file] }).then(downloadFile, fail('export'));
  const saveLabel = () => {
    if (label !== r.label) bridge.labelRun({ file, label }).then(onChanged, fail('label'));
  };
  const open = () => bridge.openRun({ file }).then((s) => useKv.getState().showRun(s), fail('open'));
  const remove = () =>
    bridge.deleteRun({ file }).then(() => {
      setConfirming(false);
      onChanged();
    }, fail('delete'));
  const id = r.id.slice(0, SHORT_ID);
  return (
    <tr data-testid={`run-row-${id}`} data-status={r.status} data-file={file}>
      <td>
        <input
          type="checkbox"
          checked={selected >= 0}
          onChange={() => onToggle(file)}
          aria-label={`pick ${r.scenario} ${id} for comparison`}
          data-testid={`pick-${id}`}
        />
        {selected === 0 && <span className="badge">base</span>}
      </td>
      <td className="mono" data-testid={`id-${id}`}>
        {id}
      </td>
      <td>{r.createdAt.replace('T', ' ').slice(0, 19)}</td>
      <td>
        {r.scenario}
        {copied && (
          <div className="muted" data-testid="run-copy" title="another file holds a copy of this run (same id)">
            copy: <code>{file}</code>
          </div>
        )}
      </td>
      <td className="muted">{groupText(r)}</td>
      <td>{r.target}</td>
      <td>{r.seconds === null ? NO_FIGURE : `${r.seconds} s`}</td>
      <td className="num">{r.opsPerSec === null ? NO_FIGURE : fmtInt(r.opsPerSec)}</td>
      <td className="num">{r.p99 === null ? NO_FIGURE : fmtLatency(r.p99)}</td>
      <td>
        <span
          className={`phase ${r.outcome ? OUTCOME_CLASS[r.outcome] : `phase-${r.status}`}`}
          title={r.reason || undefined}
          data-testid={`outcome-${id}`}
        >
          {r.outcome ?? r.status}
        </span>
        {r.reason && CAVEAT_KINDS.has(r.outcome ?? '') && <div className="muted run-reason">{r.reason}</div>}
        {r.thresholdsMissed !== undefined && <ThresholdsBadge missed={r.thresholdsMissed} id={id} />}
      </td>
      <td>
        <input
          className="label-input"
          value={label}
          maxLength={200}
          onChange={(e) => setLabel(e.target.value)}
          onBlur={saveLabel}
          // Enter keeps it too, as a form field would; the field stays where it is.
          onKeyDown={(e) => e.key === 'Enter' && saveLabel()}
          placeholder="add a label"
          data-testid={`label-${id}`}
        />
      </td>
      <td>
        {/* A fixed grid, each action in its own column on every row, so they line up down the list. */}
        <div className="row-actions">
          <button
            type="button"
            disabled={!canOpen}
            title={canOpen ? undefined : 'a run is live; open it when it has ended'}
            onClick={open}
            data-testid={`open-${id}`}
          >
            Open
          </button>
          <button type="button" onClick={() => exportAs('run-file')}>
            Run file
          </button>
          <button type="button" onClick={() => exportAs('run-seconds')}>
            CSV
          </button>
          <button
            type="button"
            onClick={() => exportAs('run-html')}
            data-testid={`export-html-${id}`}
            title="a one-file report: charts, tables, settings, machine"
          >
            HTML
          </button>
          {r.target === 'builtin-kv' ? <BenchExports exportAs={exportAs} id={id} /> : <span />}
          {confirming ? (
            <span className="confirm">
              <button type="button" className="danger" onClick={remove} data-testid={`confirm-delete-${id}`}>
                Delete for good
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </span>
          ) : (
            <button type="button" onClick={() => setConfirming(true)} data-testid={`delete-${id}`}>
              Delete
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
