import type { TargetKind } from '../../../../app/scenario/targets';
import { AEROSPIKE_FIELDS } from './aerospike-fields';
import { KEY_DISTRIBUTION_FIELDS, VALUE_SIZES_FIELDS } from './key-fields';

/** `runtime`: the workers' Node, a select of the runtimes main knows (NodeField). */
type FieldKind = 'int' | 'number' | 'text' | 'password' | 'bool' | 'select' | 'size' | 'runtime' | 'client' | 'placement' | 'list';

/** One setting of the scenario form; `path` is the scenario field, as validateScenario names it. */
export interface FieldDef {
  path: string;
  label: string;
  kind: FieldKind;
  options?: readonly string[];
  hint?: string;
  /** What leaving the field empty means, when it has no default value to show. */
  emptyMeans?: string;
  /** Long free text gets two columns. */
  wide?: boolean;
  /** A hint that depends on the target kind, in place of `hint` for that kind. */
  hintFor?: Partial<Record<TargetKind, string>>;
  /** Shown only when the load uses one of these ops (e.g. scan settings with a scan in the mix). */
  ops?: readonly string[];
  /** Shown only when the setting at `path` is one of `is` (an absent setting is none of them). */
  shownWhen?: { path: string; is: readonly string[] };
  /** A choice that starts this object afresh (`{kind: choice}`): the settings of the kind left behind do not apply to the new one. */
  resets?: string;
  /** With `resets`: the choice that removes the object (its default applies). */
  noneOption?: string;
}

const host: FieldDef = { path: 'target.host', label: 'Host', kind: 'text' };
/** The client library version the workers load: the bundled one or one installed into kvscope's cache. */
export const clientVersion: FieldDef = { path: 'target.client', label: 'Client version', kind: 'client' };
const builtinPort: FieldDef = { path: 'target.port', label: 'Port', kind: 'int', hint: '0 picks a free port' };
const external: FieldDef = {
  path: 'target.external',
  label: 'External server',
  kind: 'bool',
  hint: 'connect to a server already running at host:port instead of starting one',
};
/** A server's own statistics from its Prometheus endpoints, read through a metrics map (docs/scenarios.md). */
const metrics = (what: string, map: string): FieldDef[] => [
  {
    path: 'target.metricsUrls',
    label: 'Metrics endpoints',
    kind: 'list',
    emptyMeans: 'none',
    hint: `${what}: http://host:port/metrics, a #name after it names the node`,
    wide: true,
  },
  {
    path: 'target.metricsMap',
    label: 'Metrics map',
    kind: 'text',
    emptyMeans: map,
    hint: 'metrics-maps/NAME.json in kvscope’s config folder',
  },
];

/** Connection and server settings, per target kind. */
export const TARGET_FIELDS: Record<TargetKind, readonly FieldDef[]> = {
  'builtin-kv': [
    {
      path: 'target.mode',
      label: 'Server mode',
      kind: 'select',
      options: ['async', 'cluster', 'fixed-capacity'],
      hint: 'one async process, node:cluster with synchronous I/O, or a server of known capacity',
    },
    { path: 'target.servers', label: 'Server processes', kind: 'int', hint: 'cluster mode only' },
    {
      path: 'target.handlers',
      label: 'Handlers',
      kind: 'int',
      hint: 'requests served at once; capacity is handlers × 1000 / service time',
      shownWhen: { path: 'target.mode', is: ['fixed-capacity'] },
    },
    {
      path: 'target.serviceTimeMs',
      label: 'Service time',
      kind: 'number',
      hint: 'ms per request',
      shownWhen: { path: 'target.mode', is: ['fixed-capacity'] },
    },
    { path: 'target.nTimes', label: 'Work per read (nTimes)', kind: 'int', hint: 'times a GET re-reads, sorts and reduces the value' },
    {
      path: 'target.dataPath',
      label: 'Data folder',
      kind: 'text',
      emptyMeans: 'a fresh temporary folder',
      hint: 'under kvscope’s data folder or one listed in allowedFolders of its config.json',
    },
    host,
    builtinPort,
    external,
    ...metrics('an external server’s own endpoint', 'builtin-kv'),
  ],
  'builtin-file': [
    { path: 'target.fileSize', label: 'File size', kind: 'int', hint: 'bytes' },
    { path: 'target.chunkSize', label: 'Read chunk size', kind: 'size', hint: 'bytes, or "whole" for one read' },
    host,
    builtinPort,
    external,
    ...metrics('an external server’s own endpoint', 'builtin-file'),
  ],
  redis: [
    host,
    { path: 'target.port', label: 'Port', kind: 'int' },
    { path: 'target.password', label: 'Password', kind: 'password', emptyMeans: 'none', hint: 'never written to a run file or log' },
    { path: 'target.db', label: 'Database', kind: 'int' },
    { path: 'target.connections', label: 'Connections per worker', kind: 'int' },
    { path: 'target.autoPipelining', label: 'Auto-pipelining', kind: 'bool', hint: 'commands of one event-loop turn share one write' },
    { path: 'target.prefill', label: 'Prefill keys', kind: 'int', hint: 'keys 0 up set before the run, so reads find values' },
    { path: 'target.cluster', label: 'Redis Cluster', kind: 'bool', hint: 'host:port is a seed; the client follows the slot map' },
    {
      path: 'target.localCluster',
      label: 'Local cluster masters',
      kind: 'int',
      hint: 'kvscope starts a Redis Cluster of this many masters for the run; 0: none',
    },
    clientVersion,
    ...metrics('instead of INFO, each master’s exporter', 'redis (redis_exporter)'),
  ],
  aerospike: [...AEROSPIKE_FIELDS, clientVersion, ...metrics('instead of info commands, each node’s exporter', 'aerospike')],
  hazelcast: [
    { path: 'target.clusterName', label: 'Cluster name', kind: 'text' },
    { path: 'target.members', label: 'Members', kind: 'text', hint: 'host:port, comma-separated', wide: true },
    {
      path: 'target.localMembers',
      label: 'Local cluster members',
      kind: 'int',
      hint: 'kvscope starts this many members for the run; 0: use Members',
    },
    {
      path: 'target.memberHeapMb',
      label: 'Member heap',
      kind: 'int',
      hint: 'MiB per local member (-Xmx): the map and its backups live there; all together at most half the machine',
    },
    {
      path: 'target.jar',
      label: 'Hazelcast jar',
      kind: 'text',
      emptyMeans: 'found in ~/.m2 or fetched with mvn',
      hint: 'under kvscope’s cache folder or one listed in allowedFolders',
    },
    { path: 'target.smartRouting', label: 'Smart routing', kind: 'bool', hint: 'each operation to its key’s owner' },
    { path: 'target.autoPipelining', label: 'Automated pipelining', kind: 'bool' },
    { path: 'target.pipeliningThresholdBytes', label: 'Pipelining threshold', kind: 'int', hint: 'bytes per batched write' },
    { path: 'target.map', label: 'Map', kind: 'text' },
    { path: 'target.connectTimeoutMs', label: 'Connect timeout', kind: 'int', hint: 'ms' },
    ...metrics('each member’s (a local cluster’s members have their own)', 'hazelcast, built in'),
    clientVersion,
  ],
};

interface Section {
  title: string;
  fields: readonly FieldDef[];
}

/** Every other scenario setting, grouped as a user thinks about them. */
export const SECTIONS: readonly Section[] = [
  {
    title: 'Keys and values',
    fields: [
      { path: 'keySpace', label: 'Distinct keys', kind: 'int' },
      { path: 'keyLength', label: 'Key length', kind: 'int', hint: 'a–z characters' },
      ...KEY_DISTRIBUTION_FIELDS,
      {
        path: 'valueSize',
        label: 'Value size',
        kind: 'int',
        hint: 'bytes',
        hintFor: {
          'builtin-kv': 'elements of the stored JSON array (the seed’s valueLen)',
          'builtin-file': 'not used by the file server: File size sets what is read',
          aerospike: 'bytes; an integer bin ignores it',
        },
      },
      ...VALUE_SIZES_FIELDS,
    ],
  },
  {
    title: 'Load',
    fields: [
      { path: 'workers', label: 'Worker processes', kind: 'int' },
      { path: 'inFlight', label: 'In flight per worker', kind: 'int', hint: 'the cap, with a fixed rate' },
      {
        path: 'rate',
        label: 'Fixed rate',
        kind: 'number',
        emptyMeans: 'closed loop',
        hint: 'total ops/s; latency from each op’s intended start',
      },
      { path: 'opTimeoutMs', label: 'Operation timeout', kind: 'int', hint: 'ms' },
    ],
  },
  {
    title: 'Duration',
    fields: [
      { path: 'warmupSeconds', label: 'Warm-up', kind: 'int', hint: 'seconds, kept apart from the results' },
      {
        path: 'durationSeconds',
        label: 'Duration',
        kind: 'int',
        emptyMeans: '10 (a day with an operation budget)',
        hint: 'seconds measured',
      },
      { path: 'totalOps', label: 'Operation budget', kind: 'int', emptyMeans: 'no budget', hint: 'stop after this many operations' },
    ],
  },
  {
    title: 'Worker runtime',
    fields: [
      { path: 'node', label: 'Node runtime', kind: 'runtime' },
      { path: 'placement', label: 'Placement', kind: 'placement' },
      { path: 'seed', label: 'Seed', kind: 'int', hint: 'the same seed repeats the same keys and ops' },
    ],
  },
];

export const NAME_FIELDS: readonly FieldDef[] = [
  { path: 'name', label: 'Name', kind: 'text' },
  { path: 'description', label: 'Description', kind: 'text', emptyMeans: 'none', wide: true },
];
