import { EventEmitter } from 'node:events';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import {
  AGENT_LOST_MS,
  AssignReplySchema,
  FromAgentSchema,
  PacketSchema,
  RUN_ALIVE_MS,
  SUBJECTS,
  type Assign,
  type ToAgent,
} from '../../app/protocol/agent';
import { decodeMessage } from '../../app/protocol/envelope';
import type { Scenario } from '../../app/scenario/schema';
import { errorMessage } from '../../app/error-message';
import { decodeJson, encodeJson } from '../nats/connect';
import { relayWorkerMessage, type WorkerPoolEvents } from './worker-pool';

/** An agent answers an assignment once it has checked the scenario; a silent one is not there. */
const ASSIGN_TIMEOUT_MS = 10_000;

/**
 * The workers of one run on one agent, seen from the coordinator as a
 * WorkerPool: the same events, from messages relayed over NATS and
 * validated here. An agent not heard from for AGENT_LOST_MS is lost: each of
 * its workers not yet done dies and is gone, so the run is degraded and says
 * which agent.
 */
export class AgentPool extends EventEmitter<WorkerPoolEvents> {
  private readonly subs: Subscription[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly done = new Set<number>();
  private readonly exited = new Set<number>();
  private lastHeard = Date.now();
  /** The next packet number taken from the agent (Outbox): in order only, duplicates and gaps left for its resend. */
  private nextSeq = 0;
  private lost = false;
  private exitWaiters: (() => void)[] = [];

  constructor(
    private readonly nc: NatsConnection,
    readonly agent: string,
    private readonly runId: string,
    private readonly firstWorker: number,
    readonly size: number,
    private readonly of: number,
  ) {
    super();
  }

  owns(id: number): boolean {
    return id >= this.firstWorker && id < this.firstWorker + this.size;
  }

  get pids(): number[] {
    return [];
  }

  private get ids(): number[] {
    return Array.from({ length: this.size }, (_, i) => this.firstWorker + i);
  }

  private control(m: ToAgent): void {
    if (!this.nc.isClosed()) this.nc.publish(SUBJECTS.control(this.runId, this.agent), encodeJson(m));
  }

  /** Ask the agent to take part; its refusal or silence is each of its workers' fatal. */
  start(scenario: Scenario): void {
    this.subs.push(this.nc.subscribe(SUBJECTS.from(this.runId, this.agent), { callback: (_e, m) => this.onPacket(decodeJson(m.data)) }));
    this.timers.push(setInterval(() => this.tick(), RUN_ALIVE_MS));
    const assign: Assign = { runId: this.runId, scenario, firstWorker: this.firstWorker, workers: this.size, of: this.of };
    this.nc.request(SUBJECTS.assign(this.agent), encodeJson(assign), { timeout: ASSIGN_TIMEOUT_MS }).then(
      (m) => {
        const r = AssignReplySchema.safeParse(decodeJson(m.data));
        if (!r.success) return this.refused(`agent ${this.agent} gave a bad answer to its assignment`);
        if (!r.data.ok) this.refused(r.data.message);
      },
      (err: unknown) => this.refused(`agent ${this.agent} did not take the run: ${errorMessage(err)}`),
    );
  }

  private refused(message: string): void {
    for (const id of this.ids) {
      this.emit('fatal', id, message);
      this.markGone(id);
    }
  }

  go(t0: number): void {
    this.control({ type: 'go', data: { t0 } });
  }

  async stop(graceMs: number): Promise<void> {
    this.control({ type: 'stop', data: {} });
    await this.waitExit(graceMs + AGENT_LOST_MS);
  }

  /** Wait until every worker of the agent has exited; after `graceMs` they are counted as gone. */
  async waitExit(graceMs: number): Promise<void> {
    if (this.exited.size === this.size) return this.close();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      this.exitWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    for (const id of this.ids) this.markGone(id);
    this.close();
  }

  kill(): void {
    this.control({ type: 'stop', data: {} });
    for (const id of this.ids) this.markGone(id);
    this.close();
  }

  private close(): void {
    // The agent waits for this before it ends its part of the run.
    if (this.subs.length > 0) this.control({ type: 'alive', data: { ack: this.nextSeq } });
    this.timers.forEach((t) => clearInterval(t));
    this.subs.forEach((s) => s.unsubscribe());
    this.subs.length = 0;
  }

  private tick(): void {
    this.control({ type: 'alive', data: { ack: this.nextSeq } });
    if (this.lost || Date.now() - this.lastHeard <= AGENT_LOST_MS) return;
    this.lost = true;
    for (const id of this.ids) {
      if (this.exited.has(id)) continue;
      if (!this.done.has(id))
        this.emit('died', id, `worker ${id} on agent ${this.agent} lost: nothing heard from the agent for ${AGENT_LOST_MS / 1000} s`);
      this.markGone(id);
    }
  }

  private markGone(id: number): void {
    if (this.exited.has(id)) return;
    this.exited.add(id);
    this.emit('gone', id);
    if (this.exited.size === this.size) this.exitWaiters.splice(0).forEach((w) => w());
  }

  private onPacket(raw: unknown): void {
    const p = decodeMessage(PacketSchema, raw);
    if (!p.ok) return void this.emit('note', `agent ${this.agent}`, 'warn', `sent a bad packet: ${p.reason}`);
    this.lastHeard = Date.now();
    if (p.msg.data.seq !== this.nextSeq) return;
    this.nextSeq++;
    this.onMessage(p.msg.data.message);
  }

  private onMessage(raw: unknown): void {
    const d = decodeMessage(FromAgentSchema, raw);
    if (!d.ok) return void this.emit('note', `agent ${this.agent}`, 'warn', `sent a bad message: ${d.reason}`);
    const m = d.msg;
    const mine = (id: number): boolean => id >= this.firstWorker && id < this.firstWorker + this.size;
    switch (m.type) {
      case 'worker': {
        if (!mine(m.data.id) || this.exited.has(m.data.id)) return;
        const type = relayWorkerMessage(this, m.data.id, m.data.message);
        if (type === 'finished' || type === 'fatal') this.done.add(m.data.id);
        return;
      }
      case 'died':
        if (mine(m.data.id) && !this.done.has(m.data.id)) this.emit('died', m.data.id, `${m.data.description} (on agent ${this.agent})`);
        return;
      case 'gone':
        if (mine(m.data.id)) this.markGone(m.data.id);
        return;
      case 'clock':
        return void this.emit(
          'note',
          `agent ${this.agent}`,
          'info',
          `clock ${m.data.offsetMs >= 0 ? '+' : ''}${m.data.offsetMs.toFixed(1)} ms from this one (round trip ${m.data.rttMs.toFixed(1)} ms); its seconds are aligned to this clock`,
        );
      case 'log':
        return void this.emit('note', `agent ${this.agent}`, m.data.level, m.data.message);
      case 'alive':
        return;
      default: {
        const unknown: never = m;
        this.emit('note', `agent ${this.agent}`, 'warn', `sent an unknown message ${JSON.stringify(unknown)}`);
      }
    }
  }
}
