import { useState } from 'react';
import type { ExportKind, RunListItem } from '../../../../app/protocol/bridge';
import { useBridge } from '../../bridge/context';
import { downloadFile } from '../../export/download';
import { fmtInt, fmtMs } from '../../format';
import { useKv } from '../../store/store';
import { groupText } from './runRows';

const US_PER_MS = 1000;

interface Props {
  run: RunListItem;
  /** Its place among the runs picked for comparison, -1 when not picked (0 is the baseline). */
  selected: number;
  onToggle(id: string): void;
  /** Opening replaces what the Live page shows, so not while a run is live. */
  canOpen: boolean;
  onChanged(): void;
  onError(message: string): void;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** One run of the library and what can be done with it. */
export function RunRow({ run: r, selected, onToggle, canOpen, onChanged, onError }: Props) {
  const { bridge } = useBridge();
  const [label, setLabel] = useState(r.label);
  const [confirming, setConfirming] = useState(false);
  const fail = (what: string) => (err: unknown) => onError(`${what} failed: ${message(err)}`);
  if (r.status === 'unreadable') {
    return (
      <tr className="unreadable" data-testid={`run-row-${r.file}`}>
        <td />
        <td colSpan={9}>
          <code>{r.file}</code>: {r.error ?? 'not a readable run'} (left untouched)
        </td>
      </tr>
    );
  }
  const exportAs = (kind: ExportKind) => bridge.exportFile({ kind, ids: [r.id] }).then(downloadFile, fail('export'));
  const saveLabel = () => {
    if (label !== r.label) bridge.labelRun({ id: r.id, label }).then(onChanged, fail('label'));
  };
  const open = () => bridge.openRun({ id: r.id }).then((s) => useKv.getState().showRun(s), fail('open'));
  const remove = () =>
    bridge.deleteRun({ id: r.id }).then(() => {
      setConfirming(false);
      onChanged();
    }, fail('delete'));
  const id = r.id.slice(0, 8);
  return (
    <tr data-testid={`run-row-${id}`} data-status={r.status}>
      <td>
        <input type="checkbox" checked={selected >= 0} onChange={() => onToggle(r.id)} aria-label={`pick ${r.scenario} ${id} for comparison`} data-testid={`pick-${id}`} />
        {selected === 0 && <span className="badge">base</span>}
      </td>
      <td>{r.createdAt.replace('T', ' ').slice(0, 19)}</td>
      <td>
        {r.scenario} <span className="muted">{groupText(r)}</span>
      </td>
      <td>{r.target}</td>
      <td>{r.seconds === null ? '' : `${r.seconds} s`}</td>
      <td className="num">{r.opsPerSec === null ? '' : fmtInt(r.opsPerSec)}</td>
      <td className="num">{r.p99 === null ? '' : fmtMs(r.p99 / US_PER_MS)}</td>
      <td>
        <span className={`phase phase-${r.status}`}>{r.status}</span>
      </td>
      <td>
        <input className="label-input" value={label} maxLength={200} onChange={(e) => setLabel(e.target.value)} onBlur={saveLabel} placeholder="add a label" data-testid={`label-${id}`} />
      </td>
      <td className="row-actions">
        <button type="button" disabled={!canOpen} title={canOpen ? undefined : 'a run is live; open it when it has ended'} onClick={open} data-testid={`open-${id}`}>
          Open
        </button>
        <button type="button" onClick={() => exportAs('run-file')}>Run file</button>
        <button type="button" onClick={() => exportAs('run-seconds')}>CSV</button>
        {r.target === 'builtin-kv' && (
          <button type="button" onClick={() => exportAs('run-bench')} title="the original benchmark's candlestick CSV">
            Bench CSV
          </button>
        )}
        {confirming ? (
          <>
            <button type="button" className="danger" onClick={remove} data-testid={`confirm-delete-${id}`}>
              Delete for good
            </button>
            <button type="button" onClick={() => setConfirming(false)}>Keep</button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} data-testid={`delete-${id}`}>
            Delete
          </button>
        )}
      </td>
    </tr>
  );
}
