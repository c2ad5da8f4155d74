import type { RunListItem } from '../../../../app/protocol/bridge';

/**
 * The run of the same scenario just before the one in `file` (run files are
 * named by their start time, so name order is time order), or undefined.
 */
export function previousRun(runs: readonly RunListItem[], file: string): RunListItem | undefined {
  const self = runs.find((r) => r.file === file);
  if (!self) return undefined;
  return runs
    .filter((r) => r.status !== 'unreadable' && r.scenario === self.scenario && r.file < file)
    .sort((a, b) => b.file.localeCompare(a.file))[0];
}
