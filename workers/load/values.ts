import { largestValue, type ValueSizes } from '../../app/scenario/value-sizes';
import { makeValue, type Rng } from './keys';

/** Distinct sizes a uniform range is drawn from: finer than any size a benchmark tells apart, and one view each of one string. */
const UNIFORM_LEVELS = 1024;

/**
 * The value of each write, of a size drawn from the scenario's valueSizes
 * (always the one value of valueSize when absent). Every value is a prefix
 * of one string built once, so a range of sizes costs the memory of its
 * largest value; a draw is a number and an array read, nothing allocated.
 */
export class Values<T = string> {
  private readonly values: readonly T[];
  /** Cumulative weights (weighted sizes); empty when every value is equally likely. */
  private readonly cumulative: readonly number[];

  constructor(
    private readonly rng: Rng,
    valueSize: number,
    sizes: ValueSizes | undefined,
    /** What a write sends for a value of the text given (an Aerospike bin record, bytes, ...). */
    wrap: (text: string) => T = (text) => text as T,
  ) {
    const base = makeValue(largestValue(valueSize, sizes), rng);
    const cut = (n: number): T => wrap(base.slice(0, n));
    if (sizes === undefined) {
      this.values = [cut(valueSize)];
      this.cumulative = [];
    } else if (sizes.kind === 'uniform') {
      const levels = Math.min(UNIFORM_LEVELS, sizes.max - sizes.min + 1);
      const step = levels > 1 ? (sizes.max - sizes.min) / (levels - 1) : 0;
      this.values = Array.from({ length: levels }, (_, k) => cut(sizes.min + Math.round(k * step)));
      this.cumulative = [];
    } else {
      const total = sizes.sizes.reduce((a, s) => a + s.weight, 0);
      let acc = 0;
      this.values = sizes.sizes.map((s) => cut(s.size));
      this.cumulative = sizes.sizes.map((s) => (acc += s.weight / total));
    }
  }

  /** The value for the next write. */
  next(): T {
    const v = this.values;
    if (v.length === 1) return v[0];
    const w = this.cumulative;
    if (w.length === 0) return v[this.rng.int(v.length)];
    const r = this.rng.next();
    let i = 0;
    while (i < w.length - 1 && r >= w[i]) i++;
    return v[i];
  }
}
