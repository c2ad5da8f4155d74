import { describe, expect, it } from 'vitest';
import { runNodesCsv } from '../../app/report/nodes-csv';
import type { RunFile } from '../../app/run/format';
import { fixtureRun, steady } from './run-fixture';

const base = fixtureRun('nnnn0000-0000-4000-8000-000000000001', steady(3, { get: { count: 100, us: 1000 } }));
const MIB = 1024 * 1024;

describe('the per-node CSV of a run', () => {
  it("has a row per node per second: state, the cluster's note, counts, the server's own latency, memory", () => {
    const n1 = {
      id: '127.0.0.1:7001',
      address: '127.0.0.1:7001',
      rates: { 'read.success': 90, 'read.notFound': 10, 'write.error': 2, 'latency.read.n': 100, 'latency.read.us': 5000 },
      memory: 2 * MIB,
      rss: 8 * MIB,
    };
    const n2 = { id: 'n2', address: 'b', rates: {}, state: 'leaving', note: '=HYPERLINK("x"), quiesced' };
    const run = { ...base, samples: base.samples.map((s) => ({ ...s, nodes: [n1, n2] })) } as RunFile;
    const lines = runNodesCsv(run).split('\r\n');
    expect(lines[0]).toBe(
      'second,phase,node,address,state,note,reads_per_s,writes_per_s,errors_per_s,server_mean_ms,server_p99_ms,memory_mib,rss_mib',
    );
    expect(lines).toHaveLength(1 + 2 * base.samples.length + 1);
    expect(lines[1]).toBe(`0,${base.samples[0].phase},127.0.0.1:7001,127.0.0.1:7001,up,,100,2,2,0.05,,2,8`);
    // A server's words stay text in a spreadsheet: no formula, quoted for its comma.
    expect(lines[2]).toBe(`0,${base.samples[0].phase},n2,b,leaving,"'=HYPERLINK(""x""), quiesced",0,0,0,,,,`);
  });

  it('is just the header for a run with no per-node series', () => {
    expect(runNodesCsv(base).split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});
