/**
 * bench:callgrind's `--functions`: each function's own cost per operation,
 * read from callgrind's output. Between two answers the kernel, Node and the
 * client push the loop's code out of the L1 caches, so what a function costs
 * is mostly the lines of code and data it touches, and the totals move by
 * 30 to 60 misses from run to run; a change to the loop is read in the
 * functions it touches (docs/benchmarks.md, bench:callgrind).
 */

import { eventColumn, eventNames } from './totals';

/** The events read per function: instructions, L1 instruction misses, L1 data read and write misses. */
export const FN_EVENTS = ['Ir', 'I1mr', 'D1mr', 'D1mw'] as const;
export type FnCosts = Map<string, number[]>;

/** A position and source suffix (`:12:5`) that the same function has in each of its compiled versions. */
const POSITION = /:\d+:\d+$/;

/**
 * Names for JIT code from Node's perf map (`--perf-basic-prof`: one line
 * `start size name` per code object, hex, in the order they were made). A
 * later code object can take a freed one's address, so the last one made
 * that covers an address names it.
 */
export function perfMapLookup(text: string): (address: number) => string | undefined {
  const rows = text
    .split('\n')
    .map((line) => /^([0-9a-f]+) ([0-9a-f]+) (.+)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ start: parseInt(m[1], 16), size: parseInt(m[2], 16), name: m[3] }));
  return (address) => {
    let name: string | undefined;
    for (const r of rows) if (r.start <= address && address < r.start + r.size) name = r.name;
    return name;
  };
}

/**
 * Each function's self cost of FN_EVENTS in a callgrind output file (the
 * cost lines under its `fn=`, not those of the calls it makes), functions
 * named by `jit` where callgrind knows them only by address, and merged by
 * name without their source position (a function's versions from each tier).
 */
export function selfCosts(text: string, jit: (address: number) => string | undefined): FnCosts {
  const events = eventNames(text);
  if (!events) throw new Error('callgrind output without an events: line');
  const at = FN_EVENTS.map((e) => eventColumn(events, e));
  const names = new Map<string, string>();
  const byId = new Map<string, number[]>();
  let fn: string | undefined;
  let callCost = false;
  for (const line of text.split('\n')) {
    const def = /^(c?)fn=\((\d+)\)(?: (.+))?$/.exec(line);
    if (def) {
      if (def[3] !== undefined) names.set(def[2], def[3]);
      if (def[1] === '') fn = def[2];
      continue;
    }
    if (line.startsWith('calls=')) callCost = true;
    else if (/^[+\-*\d]/.test(line) && fn !== undefined) {
      // The line after calls= is what the call cost, counted in the callee's own lines.
      if (callCost) callCost = false;
      else {
        const v = line.trim().split(/\s+/).slice(1).map(Number);
        const c = byId.get(fn) ?? FN_EVENTS.map(() => 0);
        at.forEach((i, k) => (c[k] += v[i] ?? 0));
        byId.set(fn, c);
      }
    }
  }
  const out: FnCosts = new Map();
  for (const [id, c] of byId) {
    const raw = names.get(id) ?? id;
    const address = /^0x([0-9a-f]+)$/.exec(raw);
    const name = (address ? (jit(parseInt(address[1], 16)) ?? 'JIT code, unnamed') : raw).replace(POSITION, '');
    const sum = out.get(name) ?? FN_EVENTS.map(() => 0);
    c.forEach((x, k) => (sum[k] += x));
    out.set(name, sum);
  }
  return out;
}

/** What each function did in the longer run beyond the shorter one, per operation of the `ops` it ran more. */
export function perOperationByFunction(small: FnCosts, large: FnCosts, ops: number): FnCosts {
  const out: FnCosts = new Map();
  for (const [name, c] of large) {
    const s = small.get(name) ?? FN_EVENTS.map(() => 0);
    out.set(
      name,
      c.map((x, k) => (x - s[k]) / ops),
    );
  }
  return out;
}
