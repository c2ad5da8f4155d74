import { keyChooser, type KeyChooser } from '../../key-chooser';
import { Rng, keyFor, makeValue } from '../../keys';
import type { Scenario } from '../../../../app/scenario/schema';
import type { AerospikeSettings } from './config';

export type BinValue = string | Buffer | number;

/** The value every put writes: valueSize bytes as a string or bytes, or an integer (8 bytes on the wire). */
export function binValue(s: Scenario, t: AerospikeSettings, seed: number): BinValue {
  if (t.binType === 'integer') return seed;
  const text = makeValue(s.valueSize, new Rng(seed));
  return t.binType === 'bytes' ? Buffer.from(text, 'latin1') : text;
}

/** Bytes a bin value takes on the wire, for the bytes-out counter. */
export function valueBytes(v: BinValue): number {
  return typeof v === 'number' ? 8 : v.length;
}

/**
 * Keys of one batch: the picked key, then batchSize-1 more drawn from the
 * same key space and distribution with a generator of their own
 * (reproducible per seed); a batch reads, so they are never inserts.
 */
export class BatchKeys {
  private readonly keys: KeyChooser;
  constructor(
    private readonly s: Scenario,
    private readonly size: number,
    seed: number,
    place = { id: 0, of: 1 },
  ) {
    this.keys = keyChooser(s.keyDistribution, s.keySpace, new Rng(seed), place);
  }

  next(first: string): string[] {
    const out = [first];
    for (let i = 1; i < this.size; i++) out.push(keyFor(this.keys.next(false), this.s.keyLength));
    return out;
  }
}
