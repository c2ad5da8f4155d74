import { parseMembers, type HazelcastSettings } from '../../../../app/scenario/hazelcast-target';
import { RMW_OP, WRITE_OPS } from '../../../../app/scenario/targets';
import type { TickNode } from '../../../../app/metrics/tick';
import { NOT_FOUND, noOperation, OK, type Driver, type DriverContext, type IoCounters, type Outcome } from '../../driver';
import { keyFor, Rng } from '../../keys';
import { Values } from '../../values';
import { prefillKeys } from '../../prefill';
import { MemberCounts } from './member-counts';
import { clientVersion, loadClient } from '../../client-module';
import { hazelcastProtocol, protocolHint } from '../../../../app/scenario/hazelcast-generation';
import { connect3x, type Hazelcast3 } from './connect-3x';
import { connect4x } from './connect-4x';
import type { ConnectSettings, HazelcastMap, HazelcastSession } from './session';

/** Each operation counted as a read or a write per member, as WRITE_OPS says (decided once, not per operation). */
const WRITES = {
  get: WRITE_OPS.hazelcast.includes('get'),
  set: WRITE_OPS.hazelcast.includes('set'),
  remove: WRITE_OPS.hazelcast.includes('remove'),
};

class HazelcastDriver implements Driver {
  readonly versions = { 'hazelcast-client': clientVersion('hazelcast-client') };
  private session: HazelcastSession | undefined;
  private map: HazelcastMap | undefined;
  private members: MemberCounts | undefined;
  private readonly values: Values;
  private readonly io: IoCounters;

  constructor(
    private readonly ctx: DriverContext,
    private readonly t: HazelcastSettings,
  ) {
    this.io = ctx.io;
    this.values = new Values(new Rng(ctx.scenario.seed + ctx.workerId), ctx.scenario.valueSize, ctx.scenario.valueSizes);
  }

  async connect(): Promise<void> {
    const t = this.t;
    const ep = this.ctx.endpoint;
    // A cluster kvscope started for the run is reached through the member main hands over.
    const members = t.localMembers > 0 && ep ? [`${ep.host}:${ep.port}`] : parseMembers(t.members);
    const version = this.versions['hazelcast-client'];
    const settings: ConnectSettings = { target: t, members, opTimeoutMs: this.ctx.scenario.opTimeoutMs };
    try {
      // The client library this run loads (target.client), by its API generation: its error classes are its own.
      this.session =
        hazelcastProtocol(version) === '3.x'
          ? await connect3x(loadClient<Hazelcast3>('hazelcast-client'), settings)
          : await connect4x(loadClient('hazelcast-client'), settings);
    } catch (err) {
      throw new Error(
        `cannot connect to hazelcast cluster "${t.clusterName}" at ${members.join(', ')} within ${t.connectTimeoutMs} ms (target.connectTimeoutMs): ${describe(err)} (${protocolHint(version)})`,
        { cause: err },
      );
    }
    const session = this.session;
    const map = session.map;
    this.map = map;
    this.members = new MemberCounts(session.partitions);
    const length = this.ctx.scenario.keyLength;
    const heard = await this.members.listen(keyFor(0, length), (key) => map.get(key));
    if (t.prefill > 0 && this.ctx.workerId === 0) {
      await prefillKeys(this.ctx, t.prefill, { noun: 'keys', where: `map ${t.map}` }, (i) =>
        map.set(keyFor(i, length), this.values.next()),
      );
    }
    const n = session.memberCount();
    const pipelining = !t.autoPipelining
      ? 'off'
      : session.pipelining
        ? `on (${t.pipeliningThresholdBytes} B)`
        : `off (hazelcast-client@${version} has none)`;
    this.ctx.log(
      'info',
      `connected to hazelcast cluster "${t.clusterName}": ${n} member(s), smart routing ${t.smartRouting ? 'on' : 'off'}, automated pipelining ${pipelining}; members counted ${heard ? "by the client's own routing" : 'by a partition lookup per operation (this client does not route through its partition service)'}`,
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
      const value = this.values.next();
      const answer = map.set(key, value);
      this.members!.count(key, WRITES.set);
      this.io.bytesOut += key.length + value.length;
      return answer;
    }
    return this.runOther(op, key);
  }

  /** The rarer operations, apart: run is inlined into the load loop's answer path, and its size counts against TurboFan's budget. */
  private runOther(op: string, key: string): Promise<unknown> {
    if (op === RMW_OP) return this.readModifyWrite(key);
    if (op !== 'remove') return noOperation('hazelcast', op);
    const answer = this.map!.remove(key);
    this.members!.count(key, WRITES.remove);
    this.io.bytesOut += key.length;
    return answer;
  }

  /** get then set of the same key, one operation; the member counts a read and a write. */
  private readModifyWrite(key: string): Promise<unknown> {
    const map = this.map!;
    const members = this.members!;
    members.count(key, WRITES.get);
    this.io.bytesOut += key.length;
    return map.get(key).then((read) => {
      if (typeof read === 'string') this.io.bytesIn += read.length;
      const value = this.values.next();
      members.count(key, WRITES.set);
      this.io.bytesOut += key.length + value.length;
      return map.set(key, value);
    });
  }

  /** get and remove answer the value or null (no such key); set answers nothing. */
  outcome(result: unknown): Outcome {
    if (result === null) return NOT_FOUND;
    if (typeof result === 'string') this.io.bytesIn += result.length;
    return OK;
  }

  isTimeout(err: unknown): boolean {
    return this.session !== undefined && err instanceof this.session.timeoutError;
  }

  /** The client has no connection to the cluster (offline, shut down, member gone). */
  isUnavailable(err: unknown): boolean {
    return this.session?.unavailableErrors.some((e) => err instanceof e) ?? false;
  }

  describeError(err: unknown): string {
    return describe(err);
  }

  nodeCounts(): TickNode[] {
    return this.members?.drain() ?? [];
  }

  async close(): Promise<void> {
    const s = this.session;
    this.session = undefined;
    await s?.shutdown();
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
