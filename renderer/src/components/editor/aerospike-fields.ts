import { STREAM_OPS } from '../../../../app/scenario/aerospike-target';
import type { FieldDef } from './fields';

const STREAMS = STREAM_OPS;

/** Connection, client and scan/query settings of an Aerospike target. */
export const AEROSPIKE_FIELDS: readonly FieldDef[] = [
  {
    path: 'target.hosts',
    label: 'Seed hosts',
    kind: 'text',
    hint: 'host:port, comma-separated; the rest of the cluster is discovered',
    wide: true,
  },
  { path: 'target.namespace', label: 'Namespace', kind: 'text' },
  { path: 'target.set', label: 'Set', kind: 'text' },
  { path: 'target.user', label: 'User', kind: 'text', emptyMeans: 'no login' },
  { path: 'target.password', label: 'Password', kind: 'password', emptyMeans: 'none', hint: 'never written to a run file or log' },
  { path: 'target.tlsName', label: 'TLS name', kind: 'text', emptyMeans: 'no TLS', hint: 'the name on the nodes’ certificates' },
  { path: 'target.tlsCaFile', label: 'TLS CA file', kind: 'text', emptyMeans: 'no TLS' },
  { path: 'target.connectTimeoutMs', label: 'Connect timeout', kind: 'int', hint: 'ms' },
  { path: 'target.totalTimeoutMs', label: 'Total timeout', kind: 'int', hint: 'ms per command, client-side' },
  { path: 'target.socketTimeoutMs', label: 'Socket timeout', kind: 'int', hint: 'ms; 0: only the total applies' },
  { path: 'target.maxConnsPerNode', label: 'Connections per node', kind: 'int', hint: 'per worker process' },
  {
    path: 'target.binType',
    label: 'Bin type',
    kind: 'select',
    options: ['string', 'bytes', 'integer'],
    hint: 'integer ignores the value size',
  },
  { path: 'target.batchSize', label: 'Batch size', kind: 'int', hint: 'keys per batch-read', ops: ['batch-read'] },
  { path: 'target.prefill', label: 'Prefill records', kind: 'int', hint: 'written before the run (bins v and n)' },
  {
    path: 'target.sink',
    label: 'Scan/query sink',
    kind: 'select',
    options: ['noop', 'file'],
    hint: 'drop records, or write each to a file',
    ops: STREAMS,
  },
  {
    path: 'target.sinkDir',
    label: 'Sink folder',
    kind: 'text',
    emptyMeans: 'the temporary folder',
    hint: 'under kvscope’s data folder or one listed in allowedFolders',
    ops: STREAMS,
  },
  {
    path: 'target.pageSize',
    label: 'Page size',
    kind: 'int',
    hint: 'records per scan/query page: what a worker holds at most',
    ops: STREAMS,
  },
  { path: 'target.queryFrom', label: 'Query from', kind: 'int', hint: 'range of bin n', ops: ['query'] },
  { path: 'target.queryTo', label: 'Query to', kind: 'int', ops: ['query'] },
  { path: 'target.createIndex', label: 'Create index', kind: 'bool', hint: 'create the query’s index on bin n if missing', ops: ['query'] },
];
