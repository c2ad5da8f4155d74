import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Where CI finds each test file's time, slowest first (kept as an artifact with the screenshots). */
export const FILE_TIMES = join(__dirname, '..', '..', 'test-artifacts', 'file-times.tsv');

/**
 * Writes every test file's wall time, slowest first, as `ms<TAB>file`, so
 * `.ci/run` can print the ten slowest: CI time is spent in a few files, and
 * this says which.
 */
export default class FileTimesReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const rows = modules.map((m) => ({ file: m.relativeModuleId, ms: Math.round(m.diagnostic().duration) })).sort((a, b) => b.ms - a.ms);
    mkdirSync(join(FILE_TIMES, '..'), { recursive: true });
    writeFileSync(FILE_TIMES, rows.map((r) => `${r.ms}\t${r.file}\n`).join(''));
  }
}
