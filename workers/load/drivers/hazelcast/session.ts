import type { HazelcastSettings } from '../../../../app/scenario/hazelcast-target';

/**
 * What the driver needs of a connected client, the same for each API
 * generation of hazelcast-client (connect-3x.ts for 0.10 and 3.x,
 * connect-4x.ts for 4.x and 5.x): the two differ in their config, their
 * promises (bluebird before 4.0), their error classes and how they name a
 * partition's owner, not in the map's get, set and remove.
 */
export interface HazelcastMap {
  get(key: string): Promise<unknown>;
  set(key: string, value: string): Promise<unknown>;
  remove(key: string): Promise<unknown>;
}

/** The client's own partition service: its proxies call getPartitionId on every operation. */
export interface PartitionLookup {
  getPartitionId(key: unknown): number;
  getPartitionCount(): number;
}

export interface PartitionTable {
  readonly service: PartitionLookup;
  /** The owner of each partition by the member's address, as the client knows it now; undefined when not known yet. */
  owners(): (partitionId: number) => string | undefined;
}

type ErrorClass = abstract new (...args: never[]) => Error;

export interface HazelcastSession {
  readonly map: HazelcastMap;
  readonly partitions: PartitionTable;
  memberCount(): number;
  /** The client's error for an operation that passed its invocation timeout. */
  readonly timeoutError: ErrorClass;
  /** The client's errors for having no connection to the cluster (offline, shut down, member gone). */
  readonly unavailableErrors: readonly ErrorClass[];
  /** Whether the client has automated pipelining (0.10 has none): the scenario's setting does nothing without it. */
  readonly pipelining: boolean;
  shutdown(): Promise<void>;
}

/** What a connector takes: the target, the members to reach and the scenario's operation timeout. */
export interface ConnectSettings {
  target: HazelcastSettings;
  members: string[];
  opTimeoutMs: number;
}

/** The properties both generations read: the same names since 3.12 (0.10 ignores the pipelining ones). */
export function clientProperties(s: ConnectSettings, loggingOff: string | number): Record<string, string | number | boolean> {
  return {
    'hazelcast.client.autopipelining.enabled': s.target.autoPipelining,
    'hazelcast.client.autopipelining.threshold.bytes': s.target.pipeliningThresholdBytes,
    // The client retries an operation on another member until this passes; a
    // benchmark must see it fail at the scenario's timeout, not minutes later.
    'hazelcast.client.invocation.timeout.millis': s.opTimeoutMs,
    'hazelcast.logging.level': loggingOff,
  };
}
