import { describe, expect, it } from 'vitest';
import { perfMapLookup, perOperationByFunction, selfCosts } from '../../bench/callgrind/functions';

// Events in callgrind's order; per function: Ir, I1mr, D1mr, D1mw are read.
const OUT = `version: 1
creator: callgrind-3.19.0
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
ob=(1) ???
fl=(1) ???
fn=(1) 0x0000000000001010
0 10 0 0 2 1 0
+1 5 0 0 1
cfn=(2) Builtins_LoadIC
calls=1 0
0 100 0 0 9 9 9
fn=(2)
0 7 0 0 0 3 1
fn=(3) 0x0000000000002004
* 4 0 0 1
fn=(4) 0x0000000000009000
0 2
totals: 128 0 0 13 13 10 0 0 0
`;

// The address 0x1000 held one function's code, then (freed) another's: the later one names it.
const MAP = `1000 100 JS:*launch /work/dist/loop.js:120:9
1000 40 JS:*answered /work/dist/loop.js:197:12
2000 10 JS:^next /work/dist/keys.js:3:3
`;

describe('bench:callgrind --functions', () => {
  it('names JIT code by the last code object made at its address, and leaves out what no object covers', () => {
    const name = perfMapLookup(MAP);
    expect(name(0x1010)).toBe('JS:*answered /work/dist/loop.js:197:12');
    expect(name(0x1050)).toBe('JS:*launch /work/dist/loop.js:120:9');
    expect(name(0x2004)).toBe('JS:^next /work/dist/keys.js:3:3');
    expect(name(0x9000)).toBeUndefined();
  });

  it("sums each function's own cost lines, not what its calls cost, by name without the source position", () => {
    const c = selfCosts(OUT, perfMapLookup(MAP));
    expect(Object.fromEntries(c)).toEqual({
      'JS:*answered /work/dist/loop.js': [15, 3, 1, 0],
      Builtins_LoadIC: [7, 0, 3, 1],
      'JS:^next /work/dist/keys.js': [4, 1, 0, 0],
      'JIT code, unnamed': [2, 0, 0, 0],
    });
  });

  it('takes the longer run beyond the shorter per operation, a function new in the longer run from zero', () => {
    const small = new Map([['f', [10, 2, 1, 0]]]);
    const large = new Map([
      ['f', [110, 12, 6, 5]],
      ['g', [50, 5, 0, 0]],
    ]);
    expect(Object.fromEntries(perOperationByFunction(small, large, 10))).toEqual({ f: [10, 1, 0.5, 0.5], g: [5, 0.5, 0, 0] });
  });

  it('refuses output without the cache simulation, naming the event', () => {
    expect(() => selfCosts('events: Ir\nfn=(1) f\n0 1\n', () => undefined)).toThrow(/without the I1mr event/);
    expect(() => selfCosts('nothing', () => undefined)).toThrow(/without an events: line/);
  });
});
