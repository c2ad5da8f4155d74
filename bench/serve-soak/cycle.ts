import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { RunListItem, StartResult } from '../../app/protocol/bridge';
import { findScenario } from '../../app/scenario/catalog';
import { fmtInt } from '../../app/report/numbers';
import { errorMessage } from '../../app/error-message';
import type { SoakBridge } from './bridge';

/**
 * The catalog's built-in key-value server, in one process with asynchronous
 * I/O: a run that needs nothing outside kvscope and keeps to loopback.
 */
const SCENARIO = 'kv-async';
/** Two workers: a real worker pool and merger, at a cost a two-core machine shares with serve. */
const RUN_WORKERS = 2;
/** Measured seconds are --run-seconds; one warm-up second before them, as a short run of the catalog has. */
const RUN_WARMUP_SECONDS = 1;
/** Beyond the run's own seconds: workers and the built-in servers starting, and the run stopping in order. */
const RUN_START_STOP_MS = 45_000;
const KIB = 1024;

export interface CycleResult {
  /** The run's status ('done', 'failed', ...), or why it did not get that far. */
  run: string;
  runOk: boolean;
  ops: number;
  /** The imported run's file, or why the import failed. */
  imported: string;
  importOk: boolean;
  importBytes: number;
  /** Runs the library listed after the import, as the page's list shows them. */
  listed: number;
  /** The run file the next cycle imports should its run fail before writing one. */
  file: string | null;
}

function scenario(runSeconds: number): unknown {
  const s = findScenario(SCENARIO);
  if (!s) throw new Error(`no catalog scenario ${SCENARIO}`);
  return { ...s, workers: RUN_WORKERS, warmupSeconds: RUN_WARMUP_SECONDS, durationSeconds: runSeconds };
}

/**
 * A copy of a run file as another kvscope would have written it: a fresh id
 * in its header, so the library takes it as a run it does not have yet.
 */
function asAnotherRun(text: string): string {
  const cut = text.indexOf('\n');
  const header = JSON.parse(text.slice(0, cut)) as { type: string; data: { id: string } };
  header.data.id = randomUUID();
  return JSON.stringify(header) + text.slice(cut);
}

/**
 * What a user of the dashboard does in a minute: start a run, watch it to
 * its end, import a run file, and see the runs list refreshed after each (the
 * page lists the runs again on runEnded and after an import).
 */
export async function cycle(bridge: SoakBridge, n: number, runSeconds: number, lastFile: string | null): Promise<CycleResult> {
  const r: CycleResult = { run: '', runOk: false, ops: 0, imported: '', importOk: false, importBytes: 0, listed: 0, file: lastFile };
  try {
    const start = (await bridge.request('startRun', { scenario: scenario(runSeconds) })) as StartResult;
    if (!start.ok) throw new Error(`startRun refused: ${start.message}`);
    const end = await bridge.runEnded(start.runId, (RUN_WARMUP_SECONDS + runSeconds) * 1000 + RUN_START_STOP_MS);
    r.run = end.summary.status;
    r.runOk = end.summary.status === 'done';
    r.ops = end.summary.total.ops;
    r.file = end.file ?? r.file;
    await bridge.request('listRuns');
  } catch (err) {
    r.run = `failed: ${errorMessage(err)}`;
  }
  try {
    if (!r.file) throw new Error('no run file to import yet');
    const text = asAnotherRun(await readFile(r.file, 'utf8'));
    r.importBytes = Buffer.byteLength(text);
    const item = await bridge.importRun(`serve-soak-${n}.ndjson`, text);
    r.imported = item.file;
    r.importOk = true;
    r.listed = ((await bridge.request('listRuns')) as RunListItem[]).length;
  } catch (err) {
    r.imported = `failed: ${errorMessage(err)}`;
  }
  return r;
}

export function cycleLine(n: number, atSecond: number, r: CycleResult, rssMib: string): string {
  const run = r.runOk ? `run ${r.run}, ${fmtInt(r.ops)} ops` : `run ${r.run}`;
  const imp = r.importOk ? `import ok (${(r.importBytes / KIB).toFixed(0)} KiB), ${r.listed} runs listed` : `import ${r.imported}`;
  return `cycle ${n} at ${atSecond.toFixed(0)} s: ${run}; ${imp}; rss ${rssMib} MiB`;
}
