import { describe, expect, it } from 'vitest';
import type { RunGroup } from '../../app/plan/group';
import { groupValue, runTitle } from '../../app/run/title';
import { runsTable } from '../../main/cli/runs-list';
import { comparisonText } from '../../main/cli/compare-view';
import { compareRuns } from '../../app/stats/compare';
import { fixtureRun, steady } from './run-fixture';
import type { RunIndexEntry } from '../../main/library/run-index';

const sweep = (value: unknown, index = 1): RunGroup => ({ kind: 'sweep', id: 'g1', index, count: 4, setting: 'inFlight', value });
const repeat: RunGroup = { kind: 'repeat', id: 'g2', index: 2, count: 5 };
const ID = '399a91e6-0000-4000-8000-000000000001';

const entry = (id: string, group: RunGroup | null): RunIndexEntry => ({
  file: `2026-11-01T13-00-00-000Z_redis-mix_${id.slice(0, 8)}.ndjson`,
  id,
  scenario: 'redis-mix',
  target: 'redis',
  createdAt: '2026-11-01T13:00:00.000Z',
  seconds: 10,
  opsPerSec: 1000,
  p99: 2000,
  group,
  status: 'done',
});

describe('runs named by what sets them apart', () => {
  it('names a sweep run by its value, a repeat by its place, any other by its short id', () => {
    expect(runTitle({ name: 'redis-mix', id: ID, group: sweep(8) })).toBe('redis-mix inFlight=8');
    expect(runTitle({ name: 'kv', id: ID, group: { ...sweep('async'), setting: 'target.mode' } })).toBe('kv target.mode=async');
    expect(runTitle({ name: 'redis-mix', id: ID, group: repeat })).toBe('redis-mix #3/5');
    expect(runTitle({ name: 'redis-mix', id: ID })).toBe('redis-mix 399a91e6');
    expect(groupValue(null)).toBe('');
  });

  it('kvscope runs shows the value and finds a run by it', () => {
    const runs = [entry(ID, sweep(8)), entry('aaaa1111-0000-4000-8000-000000000002', sweep(64, 2))];
    const found = runsTable(runs, 'date', 'inFlight=8').split('\n');
    expect(found).toHaveLength(2);
    expect(found[1]).toMatch(/^399a91e6 .* redis-mix inFlight=8 +redis/);
    expect(runsTable(runs, 'date', 'inFlight=16')).toBe('no runs match "inFlight=16"');
  });

  it('kvscope compare names the runs of a sweep by their value', () => {
    const runs = [8, 64].map((v, i) => {
      const r = fixtureRun(`sw${v}`, steady(5, { get: { count: 100 * (i + 1), us: 500 } }));
      r.header.group = sweep(v, i);
      return r;
    });
    const text = comparisonText(compareRuns(runs));
    expect(text).toContain('kv-async inFlight=8 (base)');
    expect(text).toContain('kv-async inFlight=64');
  });
});
