import { describe, expect, it } from 'vitest';
import { csvField } from '../../app/report/csv';
import { runNodesCsv } from '../../app/report/nodes-csv';
import type { RunFile } from '../../app/run/format';
import { fixtureRun, steady } from './run-fixture';

describe('CSV cells keep what was measured', () => {
  it('writes a fraction under 1 to six significant digits, never as 0', () => {
    expect([0.0032, 0.0004, 0.003217, 0.5, 0.1 + 0.2, 12.34567, 1e-300].map(csvField)).toEqual([
      '0.0032',
      '0.0004',
      '0.003217',
      '0.5',
      '0.3',
      '12.346',
      '0',
    ]);
  });

  it("writes a Redis server's few µs per GET as ms with its digits", () => {
    const base = fixtureRun('nnnn0000-0000-4000-8000-000000000002', steady(1, { get: { count: 100, us: 1000 } }));
    // 1,000 GETs in 3.2 ms of the server's own time: 3.2 µs each.
    const node = { id: 'redis', address: 'redis', rates: { 'read.success': 1000, 'latency.read.n': 1000, 'latency.read.us': 3200 } };
    const run = { ...base, samples: base.samples.map((s) => ({ ...s, nodes: [node] })) } as RunFile;
    const [, first] = runNodesCsv(run).split('\r\n');
    expect(first.split(',')[9]).toBe('0.0032');
  });
});
