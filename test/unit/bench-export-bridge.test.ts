import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatchRequest, type BridgeHandlers } from '../../app/protocol/bridge';
import { LibraryHandlers } from '../../main/library/handlers';
import { RunLibrary } from '../../main/library/run-library';
import { fixtureRun, workersSecond } from './run-fixture';

const FILE = '2026-11-01T10-00-00-000Z_kv-async_c1c1c1c1.ndjson';

describe("the seed benchmark's CSV over the Bridge", () => {
  let dir: string;
  let handlers: LibraryHandlers;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kvscope-bench-export-'));
    handlers = new LibraryHandlers(new RunLibrary(dir));
    const run = fixtureRun('c1c1c1c1-0000-4000-8000-000000000001', []);
    const samples = [
      workersSecond(0, 'run', [
        { put: [10, 30], get: [5] },
        { put: [40], get: [6, 8] },
      ]),
    ];
    const lines = [{ type: 'header', data: run.header }, ...samples.map((data) => ({ type: 'sample', data }))];
    writeFileSync(join(dir, FILE), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const exported = (kind: string) =>
    dispatchRequest(handlers as unknown as BridgeHandlers, 'exportFile', { kind, files: [FILE] }) as Promise<{
      name: string;
      text: string;
    }>;

  it('writes a pair per client process for run-bench-clients, and a pair per second for run-bench', async () => {
    const clients = await exported('run-bench-clients');
    expect(clients.name).toBe('kv-async_c1c1c1c1_benchmark_clients.csv');
    expect(clients.text).toBe(
      'PUT/GET, Min, Mean, 101% of Mean, Max\n' +
        'PUT, 10, 20, 20.2, 30\nGET, 5, 5, 5.05, 5\n' +
        'PUT, 40, 40, 40.4, 40\nGET, 6, 7, 7.07, 8\n',
    );
    const seconds = await exported('run-bench');
    expect(seconds.text).toBe('PUT/GET, Min, Mean, 101% of Mean, Max\nPUT, 10, 26.67, 26.93, 40\nGET, 5, 6.33, 6.4, 8\n');
  });
});
