import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_LAYOUTS, benchCsv, type BenchLayout } from '../../app/report/bench-csv';
import { alignedSeriesCsv, comparisonCsv, runSecondsCsv } from '../../app/report/exports';
import { runNodesCsv } from '../../app/report/nodes-csv';
import { readRunFile } from '../../app/run/reader';
import type { RunFile } from '../../app/run/format';
import { compareRuns, MAX_RUNS, MIN_RUNS } from '../../app/stats/compare';
import { compareGroups, groupLabels } from '../../app/stats/compare-groups';
import { MAX_GROUP_RUNS } from '../../app/stats/limits';
import { defaultRunsDir } from '../library/paths';
import { resolveRun, type RunIndexEntry } from '../library/run-index';
import { comparisonText } from './compare-view';
import { gateOf, judgeGate } from './compare-gate';
import { EXIT_OK } from '../exit-codes';
import { UsageError } from './load-scenario';
import { listedRuns, runsTable, SORT_KEYS, type SortKey } from './runs-list';
import { RunLibrary } from '../library/run-library';
import { STDOUT, wordsTo, writeOutput } from './output';
import { errorMessage } from '../../app/error-message';
import { runTitle } from '../../app/run/title';
import { comparisonReportHtml } from '../../app/report/html/compare-report';
import { runReportHtml } from '../../app/report/html/run-report';

type Out = (text: string) => void;

/** `kvscope runs [--sort date|ops|p99|scenario] [--filter TEXT] [--runs-dir DIR]` */
export async function runsCommand(args: string[], out: Out): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      sort: { type: 'string', default: 'date' },
      filter: { type: 'string', default: '' },
      'runs-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const sort = values.sort as SortKey;
  if (!SORT_KEYS.includes(sort)) throw new UsageError(`--sort must be one of ${SORT_KEYS.join(', ')}, got "${values.sort}"`);
  // The library's list: each run with its label.
  const entries = await new RunLibrary(values['runs-dir'] ?? defaultRunsDir()).list();
  if (values.json) out(JSON.stringify(listedRuns(entries, sort, values.filter), null, 2));
  else out([runsTable(entries, sort, values.filter), ...copiesNote(entries)].join('\n'));
  return 0;
}

/** Files holding the same run (one header id): named, since `compare` and `export` then take a file, not the id. */
function copiesNote(entries: readonly RunIndexEntry[]): string[] {
  const byId = new Map<string, string[]>();
  for (const e of entries) if (e.status !== 'unreadable') byId.set(e.id, [...(byId.get(e.id) ?? []), e.file]);
  const copied = [...byId].filter(([, files]) => files.length > 1);
  if (copied.length === 0) return [];
  return [
    '',
    'copies of one run (same id; name one by its file):',
    ...copied.map(([id, files]) => `  ${id}: ${[...files].sort().join(', ')}`),
  ];
}

/**
 * The runs of `compare`, in groups: `A B` is two runs, one a side;
 * `A1 A2 --vs B1 B2` two groups of runs (more `--vs` for more groups), the
 * first the baseline. `--vs` is found among parseArgs' own tokens, so an
 * option's value is never taken for a run.
 */
function compareGroupsOf(parsed: { tokens: ReturnType<typeof parseArgs>['tokens'] }): string[][] {
  const groups: string[][] = [[]];
  for (const t of parsed.tokens ?? []) {
    if (t.kind === 'option' && t.name === 'vs') groups.push([]);
    else if (t.kind === 'positional') groups[groups.length - 1].push(t.value);
  }
  return groups;
}

/** `kvscope compare A B [C ...] [--baseline N] | A1 A2 ... --vs B1 B2 ... [--csv FILE] [--series-csv FILE] [--html FILE] [--png FILE [--browser PATH]] [--runs-dir DIR]` */
export async function compareCommand(args: string[], out: Out): Promise<number> {
  const parsed = parseArgs({
    args,
    allowPositionals: true,
    tokens: true,
    options: {
      baseline: { type: 'string' },
      vs: { type: 'boolean', multiple: true },
      csv: { type: 'string' },
      'series-csv': { type: 'string' },
      png: { type: 'string' },
      html: { type: 'string' },
      browser: { type: 'string' },
      'runs-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
      'fail-if': { type: 'string' },
      junit: { type: 'string' },
    },
  });
  const { values, positionals } = parsed;
  const say = wordsTo(out, [values.csv, values['series-csv'], values.html, values.png, values.junit, values.json ? STDOUT : undefined]);
  const dir = values['runs-dir'] ?? defaultRunsDir();
  const grouped = compareGroupsOf(parsed);
  const asGroups = grouped.length > 1;
  if (asGroups) {
    if (values.baseline !== undefined) throw new UsageError('--baseline is for runs one a side; with --vs the first group is the baseline');
    const empty = grouped.findIndex((g) => g.length === 0);
    if (empty >= 0) throw new UsageError(`group ${empty + 1} of compare has no runs: give runs before and after each --vs`);
    if (positionals.length > MAX_GROUP_RUNS)
      throw new UsageError(`compare takes at most ${MAX_GROUP_RUNS} runs in groups, got ${positionals.length}`);
  } else if (positionals.length < MIN_RUNS || positionals.length > MAX_RUNS) {
    throw new UsageError(`compare takes ${MIN_RUNS} to ${MAX_RUNS} runs, got ${positionals.length} (or groups: A1 A2 --vs B1 B2)`);
  }
  const gate = gateOf(values['fail-if'], values.junit, grouped);
  const baseline = asGroups ? 0 : Number(values.baseline ?? '1') - 1;
  if (!Number.isInteger(baseline) || baseline < 0 || baseline >= positionals.length) {
    throw new UsageError(`--baseline is the position of a run in the list, 1 to ${positionals.length}, got "${values.baseline}"`);
  }
  const resolveAll = (refs: string[]) =>
    Promise.all(refs.map((ref) => resolveRun(ref, dir, existsSync).catch((err: Error) => Promise.reject(new UsageError(err.message)))));
  const fileGroups = await Promise.all(grouped.map(resolveAll));
  const files = fileGroups.flat();
  const runGroups = fileGroups.map((g) => g.map((f) => readRunFile(f)));
  const runs = runGroups.flat();
  const c = asGroups ? compareGroups(runGroups, groupLabels(runGroups)) : compareRuns(runs, baseline);
  if (values.json) out(JSON.stringify(c, null, 2));
  else say(comparisonText(c));
  if (values.csv) writeOutput(values.csv, comparisonCsv(c), say, 'the comparison table');
  if (values['series-csv'])
    writeOutput(values['series-csv'], alignedSeriesCsv(runs, c.runs.map(runTitle)), say, 'the per-second series side by side');
  if (values.html) writeOutput(values.html, comparisonReportHtml(runs, c), say, 'a one-file report');
  if (values.png)
    await pngTo(
      values.png,
      // Loaded here only: the browser driver costs half a second of CPU to load.
      async (file) =>
        (await import('./compare-png')).comparePng({
          files,
          ids: runs.map((r) => r.header.id),
          baseline,
          groups: asGroups ? fileGroups.flatMap((g, i) => g.map(() => i)) : undefined,
          out: file,
          browser: values.browser,
        }),
      say,
    );
  return gate ? judgeGate(gate, c, say) : EXIT_OK;
}

const EXPORT_FORMATS = ['seconds', 'nodes', 'bench'] as const;
const CSV_OF: Record<(typeof EXPORT_FORMATS)[number], (run: RunFile, layout: BenchLayout) => string> = {
  seconds: runSecondsCsv,
  nodes: runNodesCsv,
  bench: benchCsv,
};

/** `kvscope export RUN (--csv FILE [--format seconds|nodes|bench [--layout seconds|clients]] | --html FILE) [--runs-dir DIR]` */
export async function exportCommand(args: string[], out: Out): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      csv: { type: 'string' },
      html: { type: 'string' },
      format: { type: 'string', default: 'seconds' },
      layout: { type: 'string' },
      'runs-dir': { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('export takes exactly one run');
  const layout = (values.layout ?? BENCH_LAYOUTS[0]) as BenchLayout;
  if (values.layout !== undefined && values.format !== 'bench') throw new UsageError('--layout goes with --format bench');
  if (!BENCH_LAYOUTS.includes(layout)) throw new UsageError(`--layout must be one of ${BENCH_LAYOUTS.join(', ')}, got "${values.layout}"`);
  // Without a file, the per-second CSV goes to standard output, for a pipe.
  const csvFile = values.csv ?? (values.html ? undefined : STDOUT);
  const say = wordsTo(out, [csvFile, values.html]);
  const format = values.format as (typeof EXPORT_FORMATS)[number];
  if (!EXPORT_FORMATS.includes(format))
    throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}, got "${values.format}"`);
  let path: string;
  try {
    path = await resolveRun(positionals[0], values['runs-dir'] ?? defaultRunsDir(), existsSync);
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
  const run = readRunFile(path);
  if (csvFile) writeOutput(csvFile, CSV_OF[format](run, layout), say, `${format}, from ${path}`);
  if (values.html) writeOutput(values.html, runReportHtml(run), say, `report, from ${path}`);
  return 0;
}

/** The PNG into FILE, or through a temporary file to standard output for `-`. */
async function pngTo(file: string, draw: (file: string) => Promise<void>, say: (text: string) => void): Promise<void> {
  if (file !== STDOUT) {
    await draw(file);
    return say(`wrote ${file} (the Compare page as a picture)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-png-out-'));
  try {
    const tmp = join(dir, 'compare.png');
    await draw(tmp);
    writeOutput(STDOUT, readFileSync(tmp), say, 'the Compare page as a picture');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
