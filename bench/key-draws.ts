import { KEY_DISTRIBUTION_KINDS, KeyDistributionSchema, type KeyDistributionKind } from '../app/scenario/key-distribution';
import { keyChooser } from '../workers/load/key-chooser';
import { Rng } from '../workers/load/keys';

const DRAWS = 5_000_000;
const WARM_DRAWS = 500_000;
/** A write every fourth draw: the share that makes `latest` insert as YCSB's workload D does (5 %) and more. */
const WRITE_EVERY = 4;
const NS_PER_US = 1000;

/** The key distribution a flag names, with its defaults. */
export const keyDistributionOf = (kind: KeyDistributionKind) => KeyDistributionSchema.parse({ kind });

export const checkKeyKind = (v: string): string | undefined =>
  (KEY_DISTRIBUTION_KINDS as readonly string[]).includes(v) ? undefined : `needs one of ${KEY_DISTRIBUTION_KINDS.join(', ')}`;

/** CPU per key draw of each distribution, in a tight loop (the part of an operation the distribution adds). */
export function keyDrawCosts(keySpace: number): { kind: KeyDistributionKind; ns: number }[] {
  return KEY_DISTRIBUTION_KINDS.map((kind) => {
    const c = keyChooser(keyDistributionOf(kind), keySpace, new Rng(1), { id: 0, of: 1 });
    let sink = 0;
    for (let i = 0; i < WARM_DRAWS; i++) sink += c.next(i % WRITE_EVERY === 0);
    const c0 = process.cpuUsage();
    for (let i = 0; i < DRAWS; i++) sink += c.next(i % WRITE_EVERY === 0);
    const used = process.cpuUsage(c0);
    if (sink < 0) throw new Error('unreachable: indices are never negative');
    return { kind, ns: ((used.user + used.system) * NS_PER_US) / DRAWS };
  });
}
