import type { Client, IMap } from 'hazelcast-client';
import { parseMembers, type HazelcastSettings } from '../../../../app/scenario/hazelcast-target';
import { WRITE_OPS } from '../../../../app/scenario/targets';
import type { TickNode } from '../../../../app/metrics/tick';
import { NOT_FOUND, noOperation, OK, type Driver, type DriverContext, type IoCounters, type Outcome } from '../../driver';
import { keyFor, makeValue, Rng } from '../../keys';
import { prefillKeys } from '../../prefill';
import { MemberCounts } from './member-counts';
import { clientVersion, loadClient } from '../../client-module';
import { protocolHint } from '../../../../app/scenario/hazelcast-generation';

type Hazelcast = typeof import('hazelcast-client');

/** Each operation counted as a read or a write per member, as WRITE_OPS says (decided once, not per operation). */
const WRITES = {
  get: WRITE_OPS.hazelcast.includes('get'),
  set: WRITE_OPS.hazelcast.includes('set'),
  remove: WRITE_OPS.hazelcast.includes('remove'),
};

class HazelcastDriver implements Driver {
  readonly versions = { 'hazelcast-client': clientVersion('hazelcast-client') };
  /** The client library this run loads (target.client): its error classes are its own. */
  private readonly hz: Hazelcast = loadClient('hazelcast-client');
  private client: Client | undefined;
  private map: IMap<string, string> | undefined;
  private members: MemberCounts | undefined;
  private readonly value: string;
  private readonly io: IoCounters;

  constructor(
    private readonly ctx: DriverContext,
    private readonly t: HazelcastSettings,
  ) {
    this.io = ctx.io;
    this.value = makeValue(ctx.scenario.valueSize, new Rng(ctx.scenario.seed + ctx.workerId));
  }

  async connect(): Promise<void> {
    const t = this.t;
    const ep = this.ctx.endpoint;
    // A cluster kvscope started for the run is reached through the member main hands over.
    const members = t.localMembers > 0 && ep ? [`${ep.host}:${ep.port}`] : parseMembers(t.members);
    try {
      this.client = await this.hz.Client.newHazelcastClient({
        clusterName: t.clusterName,
        network: { clusterMembers: members, smartRouting: t.smartRouting, connectionTimeout: t.connectTimeoutMs },
        connectionStrategy: { connectionRetry: { clusterConnectTimeoutMillis: t.connectTimeoutMs } },
        properties: {
          'hazelcast.client.autopipelining.enabled': t.autoPipelining,
          'hazelcast.client.autopipelining.threshold.bytes': t.pipeliningThresholdBytes,
          // The client retries an operation on another member until this passes; a
          // benchmark must see it fail at the scenario's timeout, not minutes later.
          'hazelcast.client.invocation.timeout.millis': this.ctx.scenario.opTimeoutMs,
          'hazelcast.logging.level': 'OFF',
        },
      });
    } catch (err) {
      throw new Error(
        `cannot connect to hazelcast cluster "${t.clusterName}" at ${members.join(', ')} within ${t.connectTimeoutMs} ms (target.connectTimeoutMs): ${describe(err)} (${protocolHint(this.versions['hazelcast-client'])})`,
        { cause: err },
      );
    }
    const map = await this.client.getMap<string, string>(t.map);
    this.map = map;
    this.members = new MemberCounts(this.client);
    const length = this.ctx.scenario.keyLength;
    const heard = await this.members.listen(keyFor(0, length), (key) => map.get(key));
    if (t.prefill > 0 && this.ctx.workerId === 0) {
      await prefillKeys(this.ctx, t.prefill, { noun: 'keys', where: `map ${t.map}` }, (i) => map.set(keyFor(i, length), this.value));
    }
    const n = this.client.getCluster().getMembers().length;
    this.ctx.log(
      'info',
      `connected to hazelcast cluster "${t.clusterName}": ${n} member(s), smart routing ${t.smartRouting ? 'on' : 'off'}, automated pipelining ${t.autoPipelining ? `on (${t.pipeliningThresholdBytes} B)` : 'off'}; members counted ${heard ? "by the client's own routing" : 'by a partition lookup per operation (this client does not route through its partition service)'}`,
    );
  }

  /** The member count follows the client's call: it hears the partition the client found for the key. */
  run(op: string, key: string): Promise<unknown> {
    const map = this.map!;
    if (op === 'get') {
      const answer = map.get(key);
      this.members!.count(key, WRITES.get);
      this.io.bytesOut += key.length;
      return answer;
    }
    if (op === 'set') {
      const answer = map.set(key, this.value);
      this.members!.count(key, WRITES.set);
      this.io.bytesOut += key.length + this.value.length;
      return answer;
    }
    return this.runOther(op, key);
  }

  /** The rarer operations, apart: run is inlined into the load loop's answer path, and its size counts against TurboFan's budget. */
  private runOther(op: string, key: string): Promise<unknown> {
    if (op !== 'remove') return noOperation('hazelcast', op);
    const answer = this.map!.remove(key);
    this.members!.count(key, WRITES.remove);
    this.io.bytesOut += key.length;
    return answer;
  }

  /** get and remove answer the value or null (no such key); set answers nothing. */
  outcome(result: unknown): Outcome {
    if (result === null) return NOT_FOUND;
    if (typeof result === 'string') this.io.bytesIn += result.length;
    return OK;
  }

  isTimeout(err: unknown): boolean {
    return err instanceof this.hz.OperationTimeoutError;
  }

  /** The client has no connection to the cluster (offline, shut down, member gone). */
  isUnavailable(err: unknown): boolean {
    const hz = this.hz;
    return (
      err instanceof hz.ClientOfflineError ||
      err instanceof hz.ClientNotActiveError ||
      err instanceof hz.HazelcastInstanceNotActiveError ||
      err instanceof hz.TargetDisconnectedError ||
      err instanceof hz.IOError
    );
  }

  describeError(err: unknown): string {
    return describe(err);
  }

  nodeCounts(): TickNode[] {
    return this.members?.drain() ?? [];
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = undefined;
    await c?.shutdown();
  }
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}`;
}

export function createHazelcastDriver(ctx: DriverContext): Driver {
  const t = ctx.scenario.target;
  if (t.kind !== 'hazelcast') throw new Error(`the hazelcast driver cannot drive a ${t.kind} target`);
  return new HazelcastDriver(ctx, t);
}
