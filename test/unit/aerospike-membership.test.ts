import { describe, expect, it } from 'vitest';
import { parseInfoPairs } from '../../app/metrics/aerospike-counters';
import { aerospikeMembership } from '../../app/metrics/aerospike-membership';

// A `namespace/test` answer's pairs, as a server (4.3 and later) words them.
const ns = (extra: string) => `namespace/test\tobjects=10;migrate_tx_partitions_remaining=0;migrate_rx_partitions_remaining=0;${extra}\n`;

describe("an Aerospike node's state from its namespace statistics", () => {
  it('is up with nothing to say when nothing migrates and it is not quiesced', () => {
    expect(aerospikeMembership(parseInfoPairs(ns('pending_quiesce=false;effective_is_quiesced=false')))).toEqual({});
  });

  it('is filling while partitions migrate into it, and names what still moves both ways', () => {
    expect(aerospikeMembership(parseInfoPairs(ns('migrate_rx_partitions_remaining=1;migrate_tx_partitions_remaining=12')))).toEqual({
      filling: true,
      note: '1 partition to receive; 12 partitions to send',
    });
    expect(aerospikeMembership(parseInfoPairs(ns('migrate_tx_partitions_remaining=3')))).toEqual({ note: '3 partitions to send' });
  });

  it('is leaving once quiesced; pending until the recluster is only a note', () => {
    expect(aerospikeMembership(parseInfoPairs(ns('pending_quiesce=true;effective_is_quiesced=true')))).toEqual({
      member: 'leaving',
      note: 'quiesced',
    });
    expect(aerospikeMembership(parseInfoPairs(ns('pending_quiesce=true;effective_is_quiesced=false')))).toEqual({
      note: 'quiesce pending (at the next recluster)',
    });
  });

  it('says nothing from a server without these statistics, or from garbage', () => {
    expect(aerospikeMembership(parseInfoPairs('namespace/test\tobjects=10\n'))).toEqual({});
    expect(aerospikeMembership(parseInfoPairs('migrate_rx_partitions_remaining=-4;migrate_tx_partitions_remaining=abc'))).toEqual({});
  });
});
