import { keyChooser, type KeyChooser } from '../../key-chooser';
import { Rng, keyFor } from '../../keys';
import { Values } from '../../values';
import type { Scenario } from '../../../../app/scenario/schema';
import type { AerospikeSettings } from './config';

export type BinValue = string | Buffer | number;

/** One value a put may write: the bin value, the put's bins, and its bytes on the wire. */
export interface BinRecord {
  readonly value: BinValue;
  readonly bins: Record<string, BinValue>;
  readonly bytes: number;
}

/** The bin that carries each put's value. */
export const VALUE_BIN = 'v';

const record = (value: BinValue): BinRecord => ({
  value,
  bins: { [VALUE_BIN]: value },
  bytes: typeof value === 'number' ? 8 : value.length,
});

/**
 * The values puts write: strings or bytes of the scenario's sizes, or one
 * integer (8 bytes on the wire; valueSizes is refused with integer bins).
 */
export function binValues(s: Scenario, t: AerospikeSettings, seed: number): Values<BinRecord> {
  const rng = new Rng(seed);
  if (t.binType === 'integer') return new Values(rng, 0, undefined, () => record(seed));
  return new Values(rng, s.valueSize, s.valueSizes, (text) => record(t.binType === 'bytes' ? Buffer.from(text, 'latin1') : text));
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
