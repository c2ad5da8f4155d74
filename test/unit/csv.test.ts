import { describe, expect, it } from 'vitest';
import { benchCsv, BenchCsvError } from '../../app/report/bench-csv';
import { csv, csvField, num } from '../../app/report/csv';
import { alignedSeriesCsv, comparisonCsv, runSecondsCsv } from '../../app/report/exports';
import { compareRuns } from '../../app/stats/compare';
import { fixtureRun } from './run-fixture';

// Latencies under 2048 µs, which the 3-digit HDR histograms hold exactly, so every figure below is known by hand.
const run = fixtureRun(
  'r1',
  [
    { get: { us: [100, 200, 300] }, put: { us: [1000, 1500] } },
    { get: { us: [120, 130] }, put: { us: [900], errors: 1 } },
  ],
  { warmup: [{ get: { us: [50] } }] },
);
const short = fixtureRun('r2', [{ get: { us: [100, 100] } }], { sets: ['inFlight=2'] });

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and nothing else', () => {
    expect(['plain', 'a,b', 'say "hi"', 'two\nlines', '', null, 3].map(csvField)).toEqual([
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '',
      '',
      '3',
    ]);
    expect(
      csv([
        ['a', 'b'],
        [1, 'x,y'],
      ]),
    ).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('prints numbers the same everywhere: fixed decimals, no trailing zeros, no exponent', () => {
    expect([1, 1.5, 0.1 + 0.2, 1234567.891234, -0.0004, NaN, 1e21].map((n) => num(n))).toEqual([
      '1',
      '1.5',
      '0.3',
      '1234567.891',
      '0',
      '',
      '1000000000000000000000',
    ]);
  });
});

describe('the original benchmark CSV', () => {
  it('writes a PUT and a GET candle per measured second, in microseconds, warm-up left out', () => {
    expect(benchCsv(run)).toBe(
      'PUT/GET, Min, Mean, 101% of Mean, Max\n' +
        'PUT, 1000, 1250, 1262.5, 1500\n' +
        'GET, 100, 200, 202, 300\n' +
        'PUT, 900, 900, 909, 900\n' +
        'GET, 120, 125, 126.25, 130\n',
    );
  });

  it("writes means to two decimals, never a float's full tail", () => {
    // (100 + 200 + 202) / 3 = 167.333..., its 101 % 169.00666...
    const thirds = fixtureRun('r3', [{ get: { us: [100, 200, 202] }, put: { us: [1000, 1001, 1003] } }]);
    expect(benchCsv(thirds)).toBe(
      'PUT/GET, Min, Mean, 101% of Mean, Max\n' + 'PUT, 1000, 1001.33, 1011.35, 1003\n' + 'GET, 100, 167.33, 169.01, 202\n',
    );
  });

  it('leaves out a second without both ops, so rows stay in pairs', () => {
    expect(benchCsv(short)).toBe('PUT/GET, Min, Mean, 101% of Mean, Max\n');
  });

  it('refuses runs of other targets with the reason', () => {
    const redis = {
      ...run,
      header: { ...run.header, scenario: { ...run.header.scenario, target: { kind: 'redis' } } },
    } as unknown as typeof run;
    expect(() => benchCsv(redis)).toThrow(BenchCsvError);
    expect(() => benchCsv(redis)).toThrow(/target is redis/);
  });
});

describe('per-second and comparison CSV', () => {
  it('aligns runs by measured second and leaves a shorter run empty, byte for byte', () => {
    expect(alignedSeriesCsv([run, short], ['a', 'b'])).toBe(
      'second,a get ops/s,a put ops/s,a total ops/s,a p99 ms,a client RSS MiB,b get ops/s,b total ops/s,b p99 ms,b client RSS MiB\r\n' +
        '0,3,2,5,1.5,50,2,2,0.1,50\r\n' +
        '1,2,1,3,0.9,50,,,,\r\n',
    );
  });

  it("adds a run's server p99 per second where its nodes timed operations, empty in a second they did not", () => {
    const nodes = [[{ id: 'n', address: 'n', rates: { 'latency.read.n': 2, 'latency.read.b8': 2 } }], []];
    let i = 0;
    const timed = { ...run, samples: run.samples.map((s) => (s.phase === 'run' ? { ...s, nodes: nodes[i++] ?? [] } : s)) } as typeof run;
    const [head, first, second] = alignedSeriesCsv([timed], ['a']).split('\r\n');
    expect(head).toBe('second,a get ops/s,a put ops/s,a total ops/s,a p99 ms,a client RSS MiB,a server p99 ms (slowest node)');
    expect(first).toMatch(/,0\.008$/);
    expect(second).toMatch(/,50,$/);
  });

  it('writes one row per second of a run, warm-up marked', () => {
    const lines = runSecondsCsv(run).split('\r\n');
    expect(lines[0]).toBe(
      'second,phase,get_ops,get_errors,get_timeouts,get_not_found,get_p50_ms,get_p99_ms,get_max_ms,put_ops,put_errors,put_timeouts,put_not_found,put_p50_ms,put_p99_ms,put_max_ms,total_ops,total_p50_ms,total_p99_ms,bytes_in,bytes_out,client_rss_mib,covered',
    );
    expect(lines[1]).toBe('0,warmup,1,0,0,0,0.05,0.05,0.05,0,0,0,0,0,0,0,1,0.05,0.05,0,0,50,1');
    expect(lines[3]).toBe('2,run,2,0,0,0,0.12,0.13,0.13,1,1,0,0,0.9,0.9,0.9,3,0.13,0.9,0,0,50,1');
    expect(lines).toHaveLength(5);
  });

  it('writes the comparison as one tidy table: every row every column, short ids, plain setting values', () => {
    const text = comparisonCsv(compareRuns([run, short]));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'run,label,baseline,op,metric,value,unit,n,change_pct,p_value,significant,shift,shift_low,shift_high,change_low_pct,change_high_pct,method,n_runs',
    );
    expect(lines).toContain('r1,kv-async r1,yes,get,throughput,2.5,ops/s,2,,,,,,,,,,');
    // Two seconds against one are too few for any test: the table says so; no shift or interval either.
    expect(lines).toContain('r2,kv-async r2,no,get,throughput,2,ops/s,1,-20,1,too few to judge,,,,,,welch-seconds-ar1,1+1');
    expect(lines).toContain('r1,kv-async r1,yes,get,p99_per_second,0.215,ms,2,,,,,,,,,,');
    expect(lines).toContain('r1,kv-async r1,yes,put,latency_p90,1.5,ms,,,,,,,,,,,');
    expect(lines.slice(-3)).toEqual([
      'r1,kv-async r1,yes,inFlight,setting,1,,,,,,,,,,,,',
      'r2,kv-async r2,no,inFlight,setting,2,,,,,,,,,,,,',
      '',
    ]);
    expect(new Set(lines.slice(0, -1).map((l) => l.split(',').length))).toEqual(new Set([18]));
  });

  it('writes a full id as its first 8 characters and a text setting without JSON quotes', () => {
    const a = fixtureRun('0123456789abcdef', [{ get: { us: [100] } }], { sets: ['target.mode=async'] });
    const b = fixtureRun('fedcba9876543210', [{ get: { us: [100] } }], { sets: ['target.mode=cluster'] });
    const lines = comparisonCsv(compareRuns([a, b])).split('\r\n');
    expect(lines.filter((l) => l.includes(',setting,'))).toEqual([
      '01234567,kv-async 01234567,yes,target.mode,setting,async,,,,,,,,,,,,',
      'fedcba98,kv-async fedcba98,no,target.mode,setting,cluster,,,,,,,,,,,,',
    ]);
  });
});

describe('text a spreadsheet would run', () => {
  it('keeps formulas from scenario names and run files as text, and leaves numbers and signs alone', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(['+cmd', '@SUM(A1)', '-cmd', '\tx'].map(csvField)).toEqual(["'+cmd", "'@SUM(A1)", "'-cmd", "'\tx"]);
    expect(['-20.0%, too few', 'redis-mix inFlight=8', 'a=b'].map(csvField)).toEqual(['"-20.0%, too few"', 'redis-mix inFlight=8', 'a=b']);
    expect(csvField(-3.5)).toBe('-3.5');
  });
});
