import { hotKeyCount, type KeyDistribution } from '../../app/scenario/key-distribution';
import type { Rng } from './keys';
import { scatter, Zipf } from './zipf';

/**
 * The key index of each operation (0 to keySpace - 1). `write` says whether
 * the operation writes, for the distributions that treat writes as inserts.
 * A worker makes one kind only, so the call on the answer path stays
 * monomorphic.
 */
export interface KeyChooser {
  next(write: boolean): number;
}

/** Where a worker's own cursor starts (sequential, latest): workers spread evenly over the key space. */
export interface ChooserPlace {
  id: number;
  of: number;
}

class Uniform implements KeyChooser {
  constructor(
    private readonly rng: Rng,
    private readonly n: number,
  ) {}
  next(): number {
    return this.rng.int(this.n);
  }
}

class ScrambledZipfian implements KeyChooser {
  constructor(
    private readonly zipf: Zipf,
    private readonly n: number,
  ) {}
  next(): number {
    return scatter(this.zipf.rank(), this.n);
  }
}

class Hotspot implements KeyChooser {
  constructor(
    private readonly rng: Rng,
    private readonly n: number,
    private readonly hot: number,
    private readonly share: number,
  ) {}
  next(): number {
    return this.rng.next() < this.share ? this.rng.int(this.hot) : this.hot + this.rng.int(this.n - this.hot);
  }
}

class Latest implements KeyChooser {
  constructor(
    private readonly zipf: Zipf,
    private readonly n: number,
    /** The key written last. */
    private cursor: number,
  ) {}
  next(write: boolean): number {
    if (write) {
      this.cursor = this.cursor + 1 === this.n ? 0 : this.cursor + 1;
      return this.cursor;
    }
    return (this.cursor - this.zipf.rank() + this.n) % this.n;
  }
}

class Sequential implements KeyChooser {
  constructor(
    private readonly n: number,
    private at: number,
  ) {}
  next(): number {
    const i = this.at;
    this.at = i + 1 === this.n ? 0 : i + 1;
    return i;
  }
}

/** The chooser of a scenario's keyDistribution (uniform when absent), drawing from the worker's generator. */
export function keyChooser(d: KeyDistribution | undefined, keySpace: number, rng: Rng, place: ChooserPlace): KeyChooser {
  const start = Math.floor((place.id * keySpace) / Math.max(1, place.of));
  if (d === undefined) return new Uniform(rng, keySpace);
  switch (d.kind) {
    case 'uniform':
      return new Uniform(rng, keySpace);
    case 'zipfian':
      return new ScrambledZipfian(new Zipf(rng, keySpace, d.theta), keySpace);
    case 'hotspot':
      return new Hotspot(rng, keySpace, hotKeyCount(keySpace, d.hotFraction), keySpace > 1 ? d.hotShare : 1);
    case 'latest':
      // The cursor is the key written last: the first write takes the worker's starting point.
      return new Latest(new Zipf(rng, keySpace, d.theta), keySpace, (start - 1 + keySpace) % keySpace);
    case 'sequential':
      return new Sequential(keySpace, start);
  }
}
