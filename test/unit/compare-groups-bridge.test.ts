import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatchRequest, type BridgeHandlers } from '../../app/protocol/bridge';
import type { RunFile } from '../../app/run/format';
import { LibraryHandlers } from '../../main/library/handlers';
import { RunLibrary } from '../../main/library/run-library';
import { selectionGroups } from '../../renderer/src/components/runs/selectionGroups';
import type { RunListItem } from '../../app/protocol/bridge';
import { fixtureRun, steady } from './run-fixture';

const ndjson = (run: RunFile) =>
  [{ type: 'header', data: run.header }, ...run.samples.map((s) => ({ type: 'sample', data: s })), { type: 'summary', data: run.summary }]
    .map((l) => JSON.stringify(l))
    .join('\n') + '\n';

const file = (i: number) => `2026-11-01T1${i}-00-00-000Z_kv-async_${i}${i}${i}${i}0000.ndjson`;

describe('groups over the Bridge', () => {
  let dir: string;
  let handlers: LibraryHandlers;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kvscope-groups-'));
    handlers = new LibraryHandlers(new RunLibrary(dir));
    [100, 110, 95, 150, 158, 146].forEach((n, i) =>
      writeFileSync(
        join(dir, file(i)),
        ndjson(fixtureRun(`${i}${i}${i}${i}0000-0000-4000-8000-00000000000${i}`, steady(10, { get: { count: n, us: 100 } }))),
      ),
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const files = [0, 1, 2, 3, 4, 5].map(file);
  const dispatch = (payload: unknown) => dispatchRequest(handlers as unknown as BridgeHandlers, 'compareRuns', payload);

  it('compares the files in groups on their runs, and exports the same verdicts', async () => {
    const view = (await dispatch({ files, baseline: 0, groups: [0, 0, 0, 1, 1, 1] })) as Awaited<
      ReturnType<LibraryHandlers['compareRuns']>
    >;
    const total = view.comparison.groups!.throughput.find((r) => r.op === 'total')!;
    expect(total.cells[1]).toMatchObject({ method: 'welch-runs', nRuns: [3, 3], significant: true });
    const csv = await handlers.exportFile({ kind: 'compare-summary', files, baseline: 0, groups: [0, 0, 0, 1, 1, 1] });
    expect(csv.name).toMatch(/_groups_6_runs\.csv$/);
    expect(csv.text).toMatch(/,B,no,total,throughput_runs,[\d.]+,ops\/s,3,[\d.]+,[\d.e-]+,yes,.*,welch-runs,3\+3/);
  });

  it('refuses groups out of file order, of another length, or more files than one a side allows, naming the field', async () => {
    await expect(dispatch({ files, baseline: 0, groups: [0, 1, 0, 1, 0, 1] })).rejects.toThrow(/compareRuns: groups/);
    await expect(dispatch({ files, baseline: 0, groups: [0, 1] })).rejects.toThrow(/compareRuns: groups/);
    await expect(dispatch({ files, baseline: 0, groups: [0, 0, 0, 0, 0, 0] })).rejects.toThrow(/compareRuns: groups/);
    const nine = Array.from({ length: 9 }, (_, i) => file(i % 6));
    await expect(dispatch({ files: nine, baseline: 0 })).rejects.toThrow(/compareRuns: files/);
  });
});

describe('the Runs page picks groups from the repeats picked', () => {
  const item = (f: string, group: RunListItem['group']): RunListItem =>
    ({
      id: f,
      file: f,
      scenario: 'kv-async',
      target: 't',
      createdAt: '',
      seconds: 1,
      opsPerSec: 1,
      p99: 1,
      group,
      status: 'done',
      label: '',
    }) as RunListItem;
  const rep = (id: string, index: number) => ({ kind: 'repeat' as const, id, index, count: 3 });
  const runs = [item('a1', rep('A', 0)), item('b1', rep('B', 0)), item('a2', rep('A', 1)), item('b2', rep('B', 1)), item('x', null)];

  it('groups by repeat in the order picked, the first picked group the baseline', () => {
    expect(selectionGroups(['b1', 'a1', 'b2', 'a2'], runs)).toEqual({ files: ['b1', 'b2', 'a1', 'a2'], groups: [0, 0, 1, 1] });
    expect(selectionGroups(['a1', 'a2', 'x'], runs)).toEqual({ files: ['a1', 'a2', 'x'], groups: [0, 0, 1] });
  });

  it('offers nothing when there is nothing to judge on runs: one group, or one run in each', () => {
    expect(selectionGroups(['a1', 'a2'], runs)).toBeNull();
    expect(selectionGroups(['a1', 'b1'], runs)).toBeNull();
  });
});
