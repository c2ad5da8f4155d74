import { describe, expect, it } from 'vitest';
import type { RunIndexEntry } from '../../main/library/run-index';
import { runsTable } from '../../main/cli/runs-list';

const entry = (over: Partial<RunIndexEntry>): RunIndexEntry => ({
  file: '2026-11-01T13-00-00-000Z_redis-mix_dddddddd.ndjson',
  id: 'dddddddd-0000-4000-8000-000000000001',
  scenario: 'redis-mix',
  target: 'redis',
  createdAt: '2026-11-01T13:00:00.000Z',
  seconds: 0,
  opsPerSec: null,
  p99: null,
  group: null,
  status: 'failed',
  ...over,
});

describe('kvscope runs', () => {
  it('prints a dash, not 0 ops/s or 0.00 ms, for figures a run does not have', () => {
    const row = runsTable([entry({})], 'date').split('\n')[1];
    expect(row).toMatch(/redis-mix +redis +0 s +– +– +failed$/);
    const full = runsTable([entry({ seconds: 10, opsPerSec: 1234, p99: 2500, status: 'done' })], 'date').split('\n')[1];
    expect(full).toMatch(/10 s +1,234 +2\.50 ms +done$/);
    // A Redis run's p99 of a few µs, in plain ASCII for the terminal.
    const fast = runsTable([entry({ seconds: 10, opsPerSec: 1234, p99: 4, status: 'done' })], 'date').split('\n')[1];
    expect(fast).toMatch(/10 s +1,234 +4\.0 us +done$/);
  });
});
