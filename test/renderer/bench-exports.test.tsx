// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunListItem } from '../../app/protocol/bridge';
import { RunsPage } from '../../renderer/src/pages/RunsPage';
import { resetStore } from '../../renderer/src/store/store';
import { fakeBridge, stubResizeObserver, wrapper } from './fixtures';

beforeAll(stubResizeObserver);
beforeEach(resetStore);
afterEach(cleanup);

const item = (id: string, target: string): RunListItem => ({
  id,
  file: `2026-11-01T10-00-00-000Z_${target}_${id}.ndjson`,
  scenario: target,
  target,
  createdAt: '2026-11-01T10:00:00.000Z',
  seconds: 10,
  opsPerSec: 100,
  p99: 2000,
  status: 'done',
  label: '',
  group: null,
});

describe("the Runs page's seed benchmark CSV", () => {
  it('offers both layouts for a built-in key-value run, each asking for its own file, and neither for another target', async () => {
    const fake = fakeBridge();
    const kv = item('aaaaaaaa-1', 'builtin-kv');
    fake.library.runs = [kv, item('bbbbbbbb-2', 'redis')];
    render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    fireEvent.click(await screen.findByTestId('export-bench-clients-aaaaaaaa'));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.channel === 'exportFile')?.payload).toEqual({ kind: 'run-bench-clients', files: [kv.file] }),
    );
    fireEvent.click(screen.getByTestId('export-bench-aaaaaaaa'));
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'exportFile').map((c) => c.payload)).toContainEqual({
        kind: 'run-bench',
        files: [kv.file],
      }),
    );
    expect(screen.queryByTestId('export-bench-bbbbbbbb')).toBeNull();
    expect(screen.queryByTestId('export-bench-clients-bbbbbbbb')).toBeNull();
  });
});
