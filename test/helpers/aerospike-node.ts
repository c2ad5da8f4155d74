// The tests' handle on the Aerospike protocol test node; it lives beside the node so bench/scan.ts can use it too.
export { startAerospikeNode, type AerospikeTestNode } from '../../tools/aerospike-node/client';
