import { useState, type DragEvent } from 'react';
import { MAX_IMPORT_CHARS, type RunListItem } from '../../../app/protocol/bridge';
import { MAX_RUNS, MIN_RUNS } from '../../../app/stats/limits';
import { BYTES_PER_MIB } from '../chart-data/shape';
import { RunRow } from '../components/runs/RunRow';
import { ariaSort, copiedIds, groupsOf, nextSort, visibleRuns, type RunSort, type SortKey } from '../components/runs/runRows';
import { useBridge } from '../bridge/context';
import { selectionGroups } from '../components/runs/selectionGroups';
import { useRuns } from '../hooks/useRuns';
import { isActivePhase } from '../store/live';
import { useKv } from '../store/store';
import { errorMessage } from '../../../app/error-message';

const COLUMNS: { key: SortKey | null; label: string }[] = [
  { key: null, label: '' },
  { key: null, label: 'Id' },
  { key: 'date', label: 'Date' },
  { key: 'scenario', label: 'Scenario' },
  { key: null, label: 'Group' },
  { key: null, label: 'Target' },
  { key: null, label: 'Measured' },
  { key: 'ops', label: 'ops/s' },
  { key: 'p99', label: 'p99' },
  { key: 'status', label: 'Status' },
  { key: null, label: 'Label' },
  { key: null, label: '' },
];

/** Every kept run: sort, filter, label, open, export, delete, import, and pick 2–8 to compare. */
export function RunsPage() {
  const { bridge } = useBridge();
  const { runs, error, reload } = useRuns();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<RunSort>({ key: 'date', reversed: false });
  const [group, setGroup] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const running = useKv((s) => isActivePhase(s.live.phase));
  const act = (what: string, work: () => Promise<unknown>) =>
    work().then(
      () => setNotice(null),
      (err: unknown) => setNotice(`${what} failed: ${errorMessage(err)}`),
    );
  const importFiles = (files: FileList | null) => {
    for (const f of Array.from(files ?? [])) {
      act(`import of ${f.name}`, async () => {
        // Said before the file is read into the page: main would refuse it too, but only once it had all been sent.
        if (f.size > MAX_IMPORT_CHARS) throw new Error(`a run file may be at most ${MAX_IMPORT_CHARS / BYTES_PER_MIB} MiB`);
        await bridge.importRun({ name: f.name, text: await f.text() });
        reload();
      });
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    importFiles(e.dataTransfer.files);
  };
  const compare = () =>
    act('compare', async () => {
      const view = await bridge.compareRuns({ files: selected, baseline: 0 });
      useKv.getState().showComparison({ files: selected, baseline: 0, view });
    });
  const asGroups = runs ? selectionGroups(selected, runs) : null;
  const compareGroups = () =>
    act('compare', async () => {
      if (!asGroups) return;
      const view = await bridge.compareRuns({ ...asGroups, baseline: 0 });
      useKv.getState().showComparison({ ...asGroups, baseline: 0, view });
    });
  // Runs are picked by file: two copies of one run are two rows.
  const toggle = (file: string) => setSelected((s) => (s.includes(file) ? s.filter((x) => x !== file) : [...s, file]));
  const shown = runs ? visibleRuns(runs, filter, sort, group) : [];
  const groups = runs ? groupsOf(runs) : [];
  const copied = runs ? copiedIds(runs) : new Set<string>();
  return (
    <div className="runs" onDragOver={(e) => e.preventDefault()} onDrop={onDrop} data-testid="runs-page">
      <div className="toolbar">
        <input
          type="search"
          placeholder="Filter by scenario, target, status, label…"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          data-testid="runs-filter"
        />
        {groups.length > 0 && (
          <select value={group} onChange={(e) => setGroup(e.target.value)} aria-label="group" data-testid="runs-group">
            <option value="">all runs</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.text}
              </option>
            ))}
          </select>
        )}
        <button
          type="button"
          className="primary"
          disabled={selected.length < MIN_RUNS || selected.length > MAX_RUNS}
          onClick={compare}
          data-testid="compare-button"
        >
          Compare {selected.length > 0 ? `(${selected.length})` : ''}
        </button>
        <button
          type="button"
          disabled={!asGroups}
          onClick={compareGroups}
          data-testid="compare-groups-button"
          title="Each repeat (or swept value) one group, judged on its runs: run-to-run noise is in the verdict"
        >
          Compare as groups{asGroups ? ` (${Math.max(...asGroups.groups) + 1})` : ''}
        </button>
        <label className="button">
          Import run file…
          <input
            type="file"
            accept=".ndjson,application/x-ndjson"
            hidden
            onChange={(e) => importFiles(e.target.files)}
            data-testid="import-input"
          />
        </label>
        <span className="muted">
          {selected.length > 0 ? 'the first one picked is the baseline; ' : ''}pick {MIN_RUNS} to {MAX_RUNS} runs to compare, or the runs of
          two repeats to compare as groups; drop run files here to import
        </span>
      </div>
      {(error ?? notice) && (
        <div className="notice error" role="alert" data-testid="runs-error">
          {error ?? notice}
        </div>
      )}
      {runs === null ? (
        <p className="muted">Loading runs…</p>
      ) : shown.length === 0 ? (
        <p className="muted" data-testid="runs-empty">
          {runs.length === 0 ? 'No runs yet: every run you start is kept here.' : 'No run matches the filter.'}
        </p>
      ) : (
        <table className="data runs-table" data-testid="runs-table">
          <thead>
            <tr>
              {COLUMNS.map((c, i) => (
                <th
                  key={i}
                  className={c.key === 'ops' || c.key === 'p99' ? 'num' : undefined}
                  aria-sort={c.key ? ariaSort(sort, c.key) : undefined}
                >
                  {c.key ? (
                    <button
                      type="button"
                      className={`sort ${sort.key === c.key ? 'active' : ''}`}
                      onClick={() => setSort((s) => nextSort(s, c.key as SortKey))}
                      data-testid={`sort-${c.key}`}
                    >
                      {c.label}
                      {sort.key === c.key && <span aria-hidden="true">{ariaSort(sort, c.key) === 'ascending' ? ' ▲' : ' ▼'}</span>}
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r: RunListItem) => (
              <RunRow
                key={r.file}
                run={r}
                copied={copied.has(r.id)}
                selected={selected.indexOf(r.file)}
                onToggle={toggle}
                canOpen={!running}
                onChanged={reload}
                onError={setNotice}
              />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
