import { countOf } from '../report/numbers';
import type { NodeMembership } from './node-stats';

/**
 * A node's state as its own `namespace/<ns>` statistics' pairs (parseInfoPairs) tell it: leaving
 * once quiesced (`effective_is_quiesced`; `pending_quiesce` until the next
 * recluster), filling while partitions still migrate into it
 * (`migrate_rx_partitions_remaining`), and what still moves as a note.
 * Servers before 4.3 have no quiesce statistics: never leaving there.
 */
export function aerospikeMembership(pairs: ReadonlyMap<string, string>): NodeMembership {
  const count = (key: string): number => {
    const v = Number(pairs.get(key));
    return Number.isFinite(v) && v > 0 ? v : 0;
  };
  const out: NodeMembership = {};
  const notes: string[] = [];
  if (pairs.get('effective_is_quiesced') === 'true') {
    out.member = 'leaving';
    notes.push('quiesced');
  } else if (pairs.get('pending_quiesce') === 'true') notes.push('quiesce pending (at the next recluster)');
  const rx = count('migrate_rx_partitions_remaining');
  const tx = count('migrate_tx_partitions_remaining');
  if (rx > 0) {
    out.filling = true;
    notes.push(`${countOf(rx, 'partition')} to receive`);
  }
  if (tx > 0) notes.push(`${countOf(tx, 'partition')} to send`);
  return notes.length ? { ...out, note: notes.join('; ') } : out;
}
