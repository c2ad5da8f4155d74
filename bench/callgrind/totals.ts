/** A callgrind run's totals of the events bench:callgrind reads. */
export interface Totals {
  ir: number;
  /** L1 instruction misses: code spread over more functions (or left out of line) shows here, not in data misses. */
  i1: number;
  d1r: number;
  d1w: number;
  ll: number;
}

/** Per operation: instructions, L1 instruction misses, L1 data misses (reads + writes) and last-level misses (instruction and data). */
export interface PerOp {
  ir: number;
  i1: number;
  d1: number;
  d1r: number;
  d1w: number;
  ll: number;
}

/** The names of a callgrind output's `events:` line, in its columns' order; undefined without one. */
export const eventNames = (text: string): string[] | undefined => /^events: (.+)$/m.exec(text)?.[1].trim().split(/\s+/);

/** Where `name` is among the events, or an error naming it (the cache events exist only with --cache-sim=yes). */
export function eventColumn(events: readonly string[], name: string): number {
  const i = events.indexOf(name);
  if (i < 0) throw new Error(`callgrind output without the ${name} event (was --cache-sim=yes given?)`);
  return i;
}

/** The `totals:` line of a callgrind output file, read by the names its `events:` line gives (cache simulation on). */
export function readTotals(text: string): Totals {
  const events = eventNames(text);
  const totals = /^totals: (.+)$/m.exec(text)?.[1].trim().split(/\s+/).map(Number);
  if (!events || !totals || events.length !== totals.length) throw new Error('callgrind output without matching events: and totals: lines');
  const at = (name: string): number => {
    const i = eventColumn(events, name);
    if (!Number.isFinite(totals[i])) throw new Error(`callgrind output: the ${name} total is not a number`);
    return totals[i];
  };
  return { ir: at('Ir'), i1: at('I1mr'), d1r: at('D1mr'), d1w: at('D1mw'), ll: at('ILmr') + at('DLmr') + at('DLmw') };
}

/** What the longer run did beyond the shorter one, per operation of the `ops` it ran more. */
export function perOperation(small: Totals, large: Totals, ops: number): PerOp {
  const d = (k: keyof Totals): number => (large[k] - small[k]) / ops;
  return { ir: d('ir'), i1: d('i1'), d1: d('d1r') + d('d1w'), d1r: d('d1r'), d1w: d('d1w'), ll: d('ll') };
}
