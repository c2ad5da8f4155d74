// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunListItem } from '../../app/protocol/bridge';
import { LivePage } from '../../renderer/src/pages/LivePage';
import { previousRun } from '../../renderer/src/components/live/previousRun';
import { fromState } from '../../renderer/src/store/live';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, idleState, runInfo, sample, stubResizeObserver, summary, wrapper } from './fixtures';

beforeAll(stubResizeObserver);
beforeEach(resetStore);
afterEach(cleanup);

const FILE = '2026-11-24T01-20-00-000Z_kv-async_bbbbbbbb.ndjson';
const item = (file: string, scenario: string): RunListItem => ({
  id: file.slice(-17, -7),
  file,
  scenario,
  target: 'builtin-kv',
  createdAt: '2026-11-24T01:00:00.000Z',
  seconds: 10,
  opsPerSec: 100,
  p99: 1000,
  status: 'done',
  label: '',
  group: null,
});
const RUNS = [
  item('2026-11-24T01-19-00-000Z_kv-async_aaaaaaaa.ndjson', 'kv-async'),
  item('2026-11-24T01-19-30-000Z_redis-mix_cccccccc.ndjson', 'redis-mix'),
  item(FILE, 'kv-async'),
  item('2026-11-24T01-25-00-000Z_kv-async_dddddddd.ndjson', 'kv-async'),
];

function ended(run = runInfo()) {
  useKv.setState({
    live: fromState({ ...idleState(), run, phase: 'done', samples: [], summary: summary(), file: `/home/u/runs/${FILE}` }),
    connection: 'open',
  });
}

describe('after a run has ended', () => {
  it('reads as a record of its date, not a running clock', () => {
    ended();
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('saved-run').textContent).toBe('Run of 2023-11-14 22:13 UTC · 10 s measured');
    expect(screen.queryByTestId('elapsed')).toBeNull();
  });

  it('compares it with the run of the same scenario just before it', async () => {
    expect(previousRun(RUNS, FILE)?.file).toBe(RUNS[0].file);
    expect(previousRun(RUNS, RUNS[0].file)).toBeUndefined();
    ended();
    const fake = fakeBridge();
    fake.library.runs = RUNS;
    fake.library.compare = async () => ({ comparison: { runs: [], baseline: 0 } }) as never;
    render(<LivePage />, { wrapper: wrapper(fake.bridge) });
    fireEvent.click(screen.getByTestId('compare-previous'));
    await waitFor(() => expect(useKv.getState().page).toBe('compare'));
    expect(fake.calls.find((c) => c.channel === 'compareRuns')?.payload).toEqual({ files: [RUNS[0].file, FILE], baseline: 0 });
  });

  it('runs it again as it was, or, when it held a password, opens it in the editor to type it', async () => {
    ended();
    const fake = fakeBridge();
    render(<LivePage />, { wrapper: wrapper(fake.bridge) });
    fireEvent.click(screen.getByTestId('run-again'));
    await waitFor(() => expect(fake.calls.filter((c) => c.channel === 'startRun')).toHaveLength(1));
    cleanup();
    const base = runInfo();
    ended({ ...base, scenario: { ...base.scenario, target: { kind: 'redis', password: '***' } as never } });
    const second = fakeBridge();
    render(<LivePage />, { wrapper: wrapper(second.bridge) });
    fireEvent.click(screen.getByTestId('run-again'));
    expect(second.calls.filter((c) => c.channel === 'startRun')).toHaveLength(0);
    expect(useKv.getState().page).toBe('scenarios');
    expect(useKv.getState().editor.draft).toMatchObject({ target: { password: '***' } });
  });
});

describe('while starting', () => {
  it('offers the per-node CSV only for a run with per-node series, and asks main for it by name', async () => {
    ended();
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.queryByTestId('export-nodes')).toBeNull();
    cleanup();
    const node = { id: 'n1', address: 'n1:6379', rates: {}, memory: 1 };
    useKv.setState({
      live: fromState({
        ...idleState(),
        run: runInfo(),
        phase: 'done',
        samples: [sample(0, { get: 10, nodes: [node] })],
        summary: summary(),
        file: `/home/u/runs/${FILE}`,
      }),
      connection: 'open',
    });
    const fake = fakeBridge();
    render(<LivePage />, { wrapper: wrapper(fake.bridge) });
    fireEvent.click(screen.getByTestId('export-nodes'));
    await waitFor(() => expect(fake.calls.find((c) => c.channel === 'exportFile')?.payload).toEqual({ kind: 'run-nodes', files: [FILE] }));
  });

  it('says what it waits for: the newest line from main', () => {
    const logs = [
      { level: 'info' as const, source: 'main', message: 'starting a local Redis Cluster of 3 masters on 127.0.0.1', at: 1 },
      { level: 'info' as const, source: 'local cluster', message: 'master 1 up', at: 2 },
    ];
    useKv.setState({ live: fromState({ ...idleState(), run: runInfo(), phase: 'starting', samples: [], logs }), connection: 'open' });
    render(<LivePage />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getByTestId('starting-what').textContent).toBe('starting a local Redis Cluster of 3 masters on 127.0.0.1');
    expect(screen.queryByTestId('next-steps')).toBeNull();
  });
});
