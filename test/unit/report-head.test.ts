import { describe, expect, it } from 'vitest';
import { comparisonHead, machineOf, reportDate } from '../../app/report/report-head';
import type { RunEnvironment } from '../../app/run/format';

const env = (host: string, workerNode = 'v20.20.2'): RunEnvironment => ({
  kvscope: '0.1.0',
  workerNode,
  nodeBinary: '/usr/bin/node',
  mainNode: 'v20.20.2',
  clients: {},
  host,
  platform: 'linux',
  arch: 'x64',
  cpus: 2,
  cpuModel: 'Intel Xeon',
  totalMemory: 24 * 1024 ** 3,
});
const sweep = (index: number, value: number) => ({ kind: 'sweep' as const, id: 'g', index, count: 2, setting: 'inFlight', value });
const runs = [
  { id: '11111111-aaaa', name: 'redis-mix', createdAt: '2026-11-24T01:19:04.178Z', group: sweep(0, 8) },
  { id: '22222222-bbbb', name: 'redis-mix', createdAt: '2026-11-24T01:20:30.000Z', group: sweep(1, 16) },
];

describe('the head of a comparison, as pasted into a report', () => {
  it('names the runs baseline first, their dates in UTC and the one machine they shared', () => {
    expect(comparisonHead(runs, 1, [machineOf(env('vm')), machineOf(env('vm'))])).toEqual({
      title: 'redis-mix inFlight=16 vs redis-mix inFlight=8',
      lines: ['Runs on 2026-11-24 01:20 UTC, 2026-11-24 01:19 UTC', 'Machine: vm · 2 × Intel Xeon · 24 GiB · linux x64 · Node v20.20.2'],
    });
  });

  it('names each run’s machine when they differ, and one date when they share it', () => {
    const sameMinute = [runs[0], { ...runs[1], createdAt: '2026-11-24T01:19:50.000Z' }];
    expect(comparisonHead(sameMinute, 0, [machineOf(env('a')), machineOf(env('b', 'v22.1.0'))]).lines).toEqual([
      'Run on 2026-11-24 01:19 UTC',
      'Machine of redis-mix inFlight=8: a · 2 × Intel Xeon · 24 GiB · linux x64 · Node v20.20.2',
      'Machine of redis-mix inFlight=16: b · 2 × Intel Xeon · 24 GiB · linux x64 · Node v22.1.0',
    ]);
  });

  it('keeps a date no clock can read as it was written', () => {
    expect(reportDate('yesterday')).toBe('yesterday');
  });
});
