import type * as AerospikeTypes from 'aerospike';
import { loadClient } from '../../client-module';

type AerospikeModule = typeof AerospikeTypes;

/** The aerospike client this run loads (target.client, else the bundled one); its constants and classes are its own. */
export const aerospikeModule = (): AerospikeModule => loadClient<AerospikeModule>('aerospike');
