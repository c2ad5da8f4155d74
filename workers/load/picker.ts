import { keyChooser, type KeyChooser } from './key-chooser';
import { keyFor, type Rng } from './keys';

/**
 * Chooses the next operation and key without allocating. Two modes:
 * a weighted random mix, or the seed benchmark's cycle (write a fresh key,
 * then read it back `readsPerWrite` times).
 */
export class OpPicker {
  op = 0;
  /** The key's index in the key space (key() makes its key). */
  index = 0;
  private remainingReads = 0;
  private readonly keys: KeyChooser;

  constructor(
    private readonly rng: Rng,
    private readonly cumulative: readonly number[],
    /** The key chooser, or a key space's size for uniform keys from this picker's generator. */
    keys: KeyChooser | number,
    private readonly keyLength: number,
    /** When set: [readOp, writeOp, readsPerWrite]. */
    private readonly cycle?: readonly [number, number, number],
    /** The op that writes (its index in the ops), or -1: the key choosers that treat writes as inserts need to know. */
    private readonly writeOp = -1,
  ) {
    this.keys = typeof keys === 'number' ? keyChooser(undefined, keys, rng, { id: 0, of: 1 }) : keys;
  }

  /**
   * The next op and key index. Indexed reads, not `const [a, b, c] =
   * this.cycle`: destructuring runs the iterator protocol, bytecode that
   * took a third of TurboFan's inlining budget for the answer path,
   * which this call is inlined into.
   */
  advance(): void {
    const c = this.cycle;
    if (c !== undefined) {
      if (this.remainingReads > 0) {
        this.remainingReads--;
        this.op = c[0];
        // The cycle reads back the key it wrote.
        return;
      }
      this.remainingReads = c[2];
      this.op = c[1];
    } else {
      const r = this.rng.next();
      const w = this.cumulative;
      let i = 0;
      while (i < w.length - 1 && r >= w[i]) i++;
      this.op = i;
    }
    this.index = this.keys.next(this.op === this.writeOp);
  }

  /**
   * The key of the current index, made afresh for each operation and never
   * kept: a worker's pickers live long enough to be in the old generation,
   * and a new string stored in one per operation cost about 0.25 µs per
   * operation in write barriers and remembered-set work (bench:drivers).
   */
  key(): string {
    return keyFor(this.index, this.keyLength);
  }
}

/** Cumulative thresholds for weights that sum to 1, in the order of `ops`. */
export function cumulativeWeights(ops: readonly string[], weights: Record<string, number>): number[] {
  let acc = 0;
  return ops.map((o) => (acc += weights[o] ?? 0));
}
