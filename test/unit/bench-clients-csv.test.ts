import { describe, expect, it } from 'vitest';
import type { Sample } from '../../app/metrics/sample';
import { benchCsv, BenchCsvError } from '../../app/report/bench-csv';
import { rep } from './helpers';
import { fixtureRun, workersSecond } from './run-fixture';

/** The seed 002 client's header, byte for byte (its README, "Output"). */
const SEED_HEADER = 'PUT/GET, Min, Mean, 101% of Mean, Max';

const runOf = (samples: Sample[]) => ({ ...fixtureRun('c1', []), samples });

// The seed's first client's rows: 13 PUTs and 39 GETs whose min, max and sums give its figures.
const seedPuts = [69073, 281225, ...rep(182899, 10), 182904];
const seedGets = [122383, 295500, ...rep(202021, 36), 202030];

describe("the seed benchmark's CSV, one PUT/GET pair per client process", () => {
  it("writes the seed's own rows from latencies with its figures: header, full means, exact min and max", () => {
    // Split over two seconds: the pair is the worker's whole measured run, not a second of it.
    const run = runOf([
      workersSecond(0, 'run', [{ put: seedPuts.slice(0, 5), get: seedGets.slice(0, 20) }]),
      workersSecond(1, 'run', [{ put: seedPuts.slice(5), get: seedGets.slice(20) }]),
    ]);
    expect(benchCsv(run, 'clients')).toBe(
      `${SEED_HEADER}\n` +
        'PUT, 69073, 181707.07692307694, 183524.1476923077, 281225\n' +
        'GET, 122383, 202376.12820512822, 204399.8894871795, 295500\n',
    );
  });

  it('writes a pair per worker in worker order, warm-up left out, fractions of a µs kept', () => {
    const run = runOf([
      // A 1 µs warm-up answer would be every min below.
      workersSecond(0, 'warmup', [
        { put: [1], get: [1] },
        { put: [1], get: [1] },
      ]),
      workersSecond(1, 'run', [
        { put: [1000.5, 2000], get: [100, 200.25] },
        { put: [3000], get: [50.25] },
      ]),
      workersSecond(2, 'run', [{ put: [1500], get: [300] }, { put: [2500.75] }]),
    ]);
    expect(benchCsv(run, 'clients')).toBe(
      `${SEED_HEADER}\n` +
        'PUT, 1000.5, 1500.1666666666667, 1515.1683333333335, 2000\n' +
        'GET, 100, 200.08333333333334, 202.08416666666668, 300\n' +
        'PUT, 2500.75, 2750.375, 2777.87875, 3000\n' +
        'GET, 50.25, 50.25, 50.7525, 50.25\n',
    );
  });

  it('leaves out a worker without both ops, so rows stay in pairs', () => {
    const run = runOf([workersSecond(1, 'run', [{ put: [10] }, { put: [20], get: [30] }])]);
    expect(benchCsv(run, 'clients')).toBe(`${SEED_HEADER}\nPUT, 20, 20, 20.2, 20\nGET, 30, 30, 30.3, 30\n`);
  });

  it('refuses a run recorded before workers kept exact latencies, saying which layout it can have', () => {
    const old = fixtureRun('c0', [{ get: { us: [100] }, put: { us: [200] } }]);
    expect(() => benchCsv(old, 'clients')).toThrow(BenchCsvError);
    expect(() => benchCsv(old, 'clients')).toThrow(/before kvscope kept them\); the seconds layout/);
    expect(benchCsv(old)).toBe(`${SEED_HEADER}\nPUT, 200, 200, 202, 200\nGET, 100, 100, 101, 100\n`);
  });
});
