import type { CompareView, ExportedFile, ExportKind, LiveState, RunListItem } from '../../app/protocol/bridge';
import { toLiveSample } from '../../app/protocol/bridge';
import { benchCsv } from '../../app/report/bench-csv';
import { alignedSeriesCsv, comparisonCsv, runSecondsCsv } from '../../app/report/exports';
import { runNodesCsv } from '../../app/report/nodes-csv';
import type { RunFile } from '../../app/run/format';
import { runSeconds } from '../../app/scenario/schema';
import { compareRuns, type Comparison } from '../../app/stats/compare';
import { compareGroups, groupLabels } from '../../app/stats/compare-groups';
import { memorySeries, serverP99Series, opTypes, p99Series, throughputSeries, TOTAL } from '../../app/stats/series';
import { firstClock } from '../../app/run/clock';
import { machineOf } from '../../app/report/report-head';
import { comparisonReportHtml } from '../../app/report/html/compare-report';
import { runReportHtml } from '../../app/report/html/run-report';
import { fileStem } from './paths';
import type { RunLibrary } from './run-library';

const CSV = 'text/csv';
const HTML = 'text/html';

/** Runs one a side against the baseline, or in groups (the group of each run, in order, the first the baseline). */
function comparisonOf(runs: RunFile[], baseline: number, groups?: number[]): Comparison {
  if (!groups) return compareRuns(runs, baseline);
  const byGroup: RunFile[][] = [];
  runs.forEach((r, i) => (byGroup[groups[i]] ??= []).push(r));
  return compareGroups(byGroup, groupLabels(byGroup));
}

/** The Bridge requests about kept runs, each naming a run by its file; answered from the library (RunController delegates here). */
export class LibraryHandlers {
  constructor(private readonly library: RunLibrary) {}

  async listRuns(): Promise<RunListItem[]> {
    return this.library.list();
  }

  /** A kept run as the Live page shows a run: every second (per-node series included), its logs and summary. */
  async openRun(p: { file: string }): Promise<LiveState> {
    const r = await this.library.read(p.file);
    return {
      run: {
        runId: r.header.id,
        scenario: r.header.scenario,
        warmupSeconds: r.header.scenario.warmupSeconds,
        runSeconds: runSeconds(r.header.scenario),
        startedAt: Date.parse(r.header.createdAt),
        clock0: firstClock(r.phases),
      },
      phase: r.summary.status,
      samples: r.samples.map(toLiveSample),
      logs: r.logs,
      summary: r.summary,
      file: await this.library.path(p.file),
    };
  }

  async labelRun(p: { file: string; label: string }): Promise<{ ok: true }> {
    await this.library.label(p.file, p.label);
    return { ok: true };
  }

  async deleteRun(p: { file: string }): Promise<{ ok: true }> {
    await this.library.delete(p.file);
    return { ok: true };
  }

  async importRun(p: { name: string; text: string }): Promise<RunListItem> {
    return this.library.import(p.name, p.text);
  }

  async compareRuns(p: { files: string[]; baseline: number; groups?: number[] }): Promise<CompareView> {
    const runs = await Promise.all(p.files.map((f) => this.library.read(f)));
    const comparison = comparisonOf(runs, p.baseline, p.groups);
    const ops = [...new Set(runs.flatMap((r) => opTypes(r.samples))), TOTAL];
    const throughput = Object.fromEntries(
      ops.map((op) => [op, runs.map((r) => (op === TOTAL || r.summary.ops[op] ? throughputSeries(r.samples, op) : null))]),
    );
    return {
      comparison,
      throughput,
      p99: runs.map((r) => p99Series(r.samples, TOTAL)),
      memory: runs.map((r) => memorySeries(r.samples)),
      serverP99: runs.map((r) => serverP99Series(r.samples)),
      machines: runs.map((r) => machineOf(r.header.env)),
    };
  }

  async exportFile(p: { kind: ExportKind; files: string[]; baseline?: number; groups?: number[] }): Promise<ExportedFile> {
    const runs = await Promise.all(p.files.map((f) => this.library.read(f)));
    const stem = (r: RunFile) => fileStem(r.header.scenario.name ?? 'run', r.header.id);
    // Groups name the file by their first runs and their count: sixteen stems would outgrow a file name.
    const compared = p.groups ? `${stem(runs[0])}_groups_${runs.length}_runs` : runs.map(stem).join('_vs_');
    switch (p.kind) {
      case 'run-seconds':
        return { name: `${stem(runs[0])}_seconds.csv`, mime: CSV, text: runSecondsCsv(runs[0]) };
      case 'run-nodes':
        return { name: `${stem(runs[0])}_nodes.csv`, mime: CSV, text: runNodesCsv(runs[0]) };
      case 'run-bench':
        return { name: `${stem(runs[0])}_benchmark.csv`, mime: CSV, text: benchCsv(runs[0]) };
      case 'run-bench-clients':
        return { name: `${stem(runs[0])}_benchmark_clients.csv`, mime: CSV, text: benchCsv(runs[0], 'clients') };
      case 'run-file': {
        const f = await this.library.text(p.files[0]);
        return { name: f.name, mime: 'application/x-ndjson', text: f.text };
      }
      case 'compare-summary':
        return { name: `compare_${compared}.csv`, mime: CSV, text: comparisonCsv(comparisonOf(runs, p.baseline ?? 0, p.groups)) };
      case 'run-html':
        return { name: `${stem(runs[0])}_report.html`, mime: HTML, text: runReportHtml(runs[0]) };
      case 'compare-html':
        return {
          name: `compare_${compared}_report.html`,
          mime: HTML,
          text: comparisonReportHtml(runs, comparisonOf(runs, p.baseline ?? 0, p.groups)),
        };
      case 'compare-series':
        return { name: `compare_series_${compared}.csv`, mime: CSV, text: alignedSeriesCsv(runs, runs.map(stem)) };
      default:
        throw new Error(`unknown export kind ${String(p.kind satisfies never)}`);
    }
  }
}
