import { describe, expect, it } from 'vitest';
import { parseCallgrindArgs } from '../../bench/callgrind/options';
import { perOperation, readTotals } from '../../bench/callgrind/totals';

const OUT = (totals: string): string => `version: 1
creator: callgrind-3.19.0
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
summary: ${totals}
fn=(1) main
0 1
totals: ${totals}
`;

describe('bench:callgrind', () => {
  it('reads the totals by the names of the events line, and takes the longer run beyond the shorter per operation', () => {
    const small = readTotals(OUT('1000 500 400 30 20 10 3 2 1'));
    expect(small).toEqual({ ir: 1000, i1: 30, d1r: 20, d1w: 10, ll: 6 });
    const large = readTotals(OUT('5000 900 800 70 60 30 5 4 3'));
    const per = perOperation(small, large, 100);
    const want = { ir: 40, i1: 0.4, d1: 0.6, d1r: 0.4, d1w: 0.2, ll: 0.06 };
    for (const [k, v] of Object.entries(want)) expect(per[k as keyof typeof per], k).toBeCloseTo(v, 10);
  });

  it('refuses output without the cache simulation, naming the event', () => {
    expect(() => readTotals('events: Ir\ntotals: 100\n')).toThrow(/without the I1mr event \(was --cache-sim=yes given\?\)/);
    expect(() => readTotals('nothing here')).toThrow(/without matching events: and totals: lines/);
  });

  it('takes --ops and --base as whole numbers, naming the flag it refuses', () => {
    expect(parseCallgrindArgs([])).toEqual({ ops: 200_000, base: 30_000, functions: 0 });
    expect(parseCallgrindArgs(['--ops', '1000', '--base', '10'])).toEqual({ ops: 1000, base: 10, functions: 0 });
    expect(parseCallgrindArgs(['--functions', '20'])).toEqual({ ops: 200_000, base: 30_000, functions: 20 });
    expect(() => parseCallgrindArgs(['--ops', '1.5'])).toThrow(/^--ops needs a whole number from 1 to 10000000, got "1.5"/);
    expect(() => parseCallgrindArgs(['--functions', '0'])).toThrow(/^--functions needs a whole number from 1 to 1000, got "0"/);
    expect(() => parseCallgrindArgs(['--base'])).toThrow(/--base <value>' argument missing/);
    expect(() => parseCallgrindArgs(['--rounds', '3'])).toThrow(/Unknown option '--rounds'/);
  });
});
