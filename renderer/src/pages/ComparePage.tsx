import { useMemo, useRef, useState } from 'react';
import { TOTAL } from '../../../app/stats/series';
import { Chart } from '../charts/Chart';
import { alignedRows, overlaySpec, runNames } from '../components/runs/compareShape';
import { CompareTables } from '../components/runs/CompareTables';
import { SweepChart } from '../components/runs/SweepChart';
import { GridChart } from '../components/runs/GridChart';
import { RepeatSummary } from '../components/runs/RepeatSummary';
import { useBridge } from '../bridge/context';
import { download, downloadFile } from '../export/download';
import { elementToPng } from '../export/png';
import { comparisonHead } from '../../../app/report/report-head';
import type { ExportKind } from '../../../app/protocol/bridge';
import { useKv } from '../store/store';
import { errorMessage } from '../../../app/error-message';
import { runTitle, SHORT_ID } from '../../../app/run/title';

/** Runs side by side: what differs in their settings, overlay charts by measured second, and the tables with significance. */
export function ComparePage() {
  const { bridge } = useBridge();
  const open = useKv((s) => s.compare);
  const root = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const charts = useMemo(() => {
    if (!open) return [];
    const names = runNames(open.view);
    const b = open.baseline;
    const ops = Object.keys(open.view.throughput).sort((x, y) => (x === TOTAL ? 1 : y === TOTAL ? -1 : x.localeCompare(y)));
    return [
      ...ops.map((op) => ({
        id: `throughput-${op}`,
        spec: overlaySpec(`Throughput: ${op}`, 'ops/s', names, b),
        rows: alignedRows(open.view.throughput[op]),
      })),
      { id: 'p99', spec: overlaySpec('p99 per second (all ops)', 'ms', names, b), rows: alignedRows(open.view.p99) },
      { id: 'memory', spec: overlaySpec('Client memory (RSS, all workers)', 'MiB', names, b), rows: alignedRows(open.view.memory) },
      // The servers' own p99 where a run's target reports it (older views and run files have none).
      ...((open.view.serverP99 ?? []).some((s) => s !== null)
        ? [
            {
              id: 'server-p99',
              spec: overlaySpec('Server p99 per second (slowest node, server side)', 'ms', names, b),
              rows: alignedRows(open.view.serverP99),
            },
          ]
        : []),
    ];
  }, [open]);
  if (!open) {
    return (
      <div className="empty-page">
        <h1>Nothing to compare yet</h1>
        <p className="muted">Pick two to eight runs on the Runs page and press Compare.</p>
        <button type="button" className="primary" onClick={() => useKv.getState().setPage('runs')}>
          Go to runs
        </button>
      </div>
    );
  }
  const c = open.view.comparison;
  const head = comparisonHead(c.runs, c.baseline, open.view.machines);
  const exportCsv = (kind: ExportKind) =>
    bridge
      .exportFile({ kind, files: open.files, baseline: open.baseline, ...(open.groups ? { groups: open.groups } : {}) })
      .then(downloadFile, (err: unknown) => setNotice(`export failed: ${errorMessage(err)}`));
  const exportPng = async () => {
    if (!root.current) return;
    try {
      const png = await elementToPng(root.current);
      root.current.dataset.pngWidth = String(png.width);
      root.current.dataset.pngHeight = String(png.height);
      download(`compare_${c.runs.map((r) => r.id.slice(0, SHORT_ID)).join('_vs_')}.png`, png.url);
    } catch (err) {
      setNotice(`PNG export failed: ${errorMessage(err)}`);
    }
  };
  return (
    <div className="compare">
      <div className="toolbar">
        <button type="button" onClick={() => useKv.getState().setPage('runs')}>
          ← Runs
        </button>
        <button type="button" className="primary" onClick={exportPng} data-testid="export-png">
          Export PNG
        </button>
        <button type="button" onClick={() => exportCsv('compare-summary')} data-testid="export-csv">
          Table CSV
        </button>
        <button type="button" onClick={() => exportCsv('compare-series')}>
          Per-second CSV
        </button>
        <button type="button" onClick={() => exportCsv('compare-html')} data-testid="export-html">
          HTML report
        </button>
      </div>
      {notice && (
        <div className="notice error" role="alert">
          {notice}
        </div>
      )}
      <div className="compare-body" ref={root} data-testid="compare-body">
        <header className="report-head" data-testid="report-head">
          <h1 data-testid="report-title">{head.title}</h1>
          {head.lines.map((l) => (
            <p key={l} className="muted">
              {l}
            </p>
          ))}
        </header>
        <section className="panel">
          <h2>
            {c.groups
              ? `${c.runs.length} runs in ${c.groups.groups.length} groups, baseline ${c.groups.groups[0].label}`
              : `${c.runs.length} runs, baseline ${runTitle(c.runs[c.baseline])}`}
          </h2>
          {c.settings.length === 0 ? (
            <p className="muted">Same settings in every run.</p>
          ) : (
            <ul className="settings-diff" data-testid="settings-diff">
              {c.settings.map((s) => (
                <li key={s.path}>
                  {s.path}: {s.values.map((v, i) => `${JSON.stringify(v) ?? 'unset'} (${c.runs[i].id.slice(0, SHORT_ID)})`).join(' · ')}
                </li>
              ))}
            </ul>
          )}
        </section>
        {open.repeat && <RepeatSummary c={c} />}
        {open.sweep && <SweepChart setting={open.sweep.setting} values={open.sweep.values} c={c} />}
        {open.grid && <GridChart settings={open.grid.settings} cells={open.grid.cells} c={c} />}
        <div className="compare-charts">
          {charts.map((ch) => (
            <Chart key={ch.id} spec={ch.spec} rows={ch.rows} testId={`compare-chart-${ch.id}`} emptyText="No measured seconds" />
          ))}
        </div>
        <CompareTables c={c} />
      </div>
    </div>
  );
}
