import type { Spread } from './summary';

/**
 * A multiset of numbers: how many seconds had each value. Its mean, exact
 * median, min and max cost memory per distinct value, not per second: a long
 * run's per-second rates repeat, so its memory stops growing.
 */
export class Tally {
  private readonly counts = new Map<number, number>();
  private n = 0;
  private sum = 0;

  add(x: number, times = 1): void {
    if (times <= 0) return;
    this.counts.set(x, (this.counts.get(x) ?? 0) + times);
    this.n += times;
    this.sum += x * times;
  }

  spread(): Spread {
    if (this.n === 0) return { mean: 0, median: 0, min: 0, max: 0 };
    const values = [...this.counts.keys()].sort((a, b) => a - b);
    const at = (rank: number): number => {
      let seen = 0;
      for (const v of values) {
        seen += this.counts.get(v)!;
        if (seen > rank) return v;
      }
      return values[values.length - 1];
    };
    const mid = this.n >> 1;
    return {
      mean: this.sum / this.n,
      median: this.n % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2,
      min: values[0],
      max: values[values.length - 1],
    };
  }
}
