import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import {
  AGENT_COORDINATOR_TIMEOUT_MS,
  AGENT_LOST_MS,
  CLOCK_SAMPLES,
  ClockReplySchema,
  RUN_ALIVE_MS,
  SUBJECTS,
  ToAgentSchema,
  type Assign,
  type FromAgent,
} from '../../app/protocol/agent';
import { decodeMessage } from '../../app/protocol/envelope';
import type { FromWorker } from '../../app/protocol/worker';
import { clockOffset, type ClockSample } from '../../app/host/clock-offset';
import type { Scenario } from '../../app/scenario/schema';
import { errorMessage } from '../../app/error-message';
import { chosenClientDir } from '../config/client-cache';
import { STOP_GRACE_MS } from '../engine/child';
import { childEnv, resolveNodeBinary } from '../engine/node-binary';
import { workerExecArgv } from '../engine/worker-flags';
import { WorkerPool } from '../engine/worker-pool';
import { decodeJson } from '../nats/connect';
import { Outbox } from './outbox';

/** After its workers are gone, a session waits this long at most for the coordinator to acknowledge what it sent. */
const DRAIN_LIMIT_MS = AGENT_LOST_MS;
const DRAIN_POLL_MS = 100;
/** A clock request unanswered in this long is dropped from the samples. */
const CLOCK_REQUEST_TIMEOUT_MS = 2_000;

/**
 * One run's share on this agent: its workers, forked exactly as main forks
 * them, their messages relayed to the coordinator, their second 0 shifted by
 * this machine's measured clock offset. Ends (onEnd) once every worker has
 * exited, on every path: finished, stopped, coordinator gone, SIGTERM.
 */
export class AgentSession {
  private pool: WorkerPool | undefined;
  private control: Subscription | undefined;
  private offsetMs = 0;
  private lastHeard = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];
  private gone = 0;
  private ended = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly name: string,
    readonly assign: Assign,
    private readonly scenario: Scenario,
    private readonly say: (line: string) => void,
    private readonly onEnd: () => void,
  ) {}

  private get subject(): string {
    return SUBJECTS.from(this.assign.runId, this.name);
  }

  private readonly outbox = new Outbox((bytes) => !this.nc.isClosed() && this.nc.publish(this.subject, bytes));

  private send(m: FromAgent): void {
    this.outbox.send(m);
  }

  private worker(id: number, message: FromWorker): void {
    this.send({ type: 'worker', data: { id, message } });
  }

  /** Listen for the coordinator, measure the clock, fork the workers. A failure is told to the coordinator as each worker's fatal. */
  async begin(): Promise<void> {
    const a = this.assign;
    this.control = this.nc.subscribe(SUBJECTS.control(a.runId, this.name), { callback: (_e, m) => this.onControl(decodeJson(m.data)) });
    this.timers.push(setInterval(() => this.tick(), RUN_ALIVE_MS));
    try {
      const c = clockOffset(await this.clockSamples());
      this.offsetMs = c.offsetMs;
      this.send({ type: 'clock', data: c });
      const node = resolveNodeBinary(this.scenario.node);
      const pool = new WorkerPool(a.workers, node.path, childEnv(node, this.scenario.env), workerExecArgv(this.scenario), {
        first: a.firstWorker,
        of: a.of,
      });
      this.pool = pool;
      pool.on('ready', (id, info) => this.worker(id, { type: 'ready', data: info }));
      pool.on('tick', (t) => this.worker(t.worker, { type: 'tick', data: t }));
      pool.on('log', (id, level, message) => this.worker(id, { type: 'log', data: { level, message } }));
      pool.on('finished', (id, lastSecond) => this.worker(id, { type: 'finished', data: { lastSecond } }));
      pool.on('fatal', (id, message) => this.worker(id, { type: 'fatal', data: { message } }));
      pool.on('died', (id, description) => this.send({ type: 'died', data: { id, description } }));
      pool.on('gone', (id) => {
        this.send({ type: 'gone', data: { id } });
        if (++this.gone === a.workers) void this.end();
      });
      pool.start(this.scenario, undefined, chosenClientDir(this.scenario.target));
      this.say(
        `run ${a.runId}: ${a.workers} worker(s), ids ${a.firstWorker}-${a.firstWorker + a.workers - 1} of ${a.of}; clock offset ${c.offsetMs.toFixed(1)} ms (round trip ${c.rttMs.toFixed(1)} ms)`,
      );
    } catch (err) {
      const message = `agent ${this.name} could not start its workers: ${errorMessage(err)}`;
      for (let id = a.firstWorker; id < a.firstWorker + a.workers; id++) this.worker(id, { type: 'fatal', data: { message } });
      await this.end();
    }
  }

  /** The coordinator's clock, CLOCK_SAMPLES times; the one with the smallest round trip is used. */
  private async clockSamples(): Promise<ClockSample[]> {
    const samples: ClockSample[] = [];
    for (let i = 0; i < CLOCK_SAMPLES; i++) {
      const sentAt = Date.now();
      try {
        const reply = ClockReplySchema.safeParse(
          decodeJson((await this.nc.request(SUBJECTS.clock(this.assign.runId), undefined, { timeout: CLOCK_REQUEST_TIMEOUT_MS })).data),
        );
        if (reply.success) samples.push({ sentAt, theirNow: reply.data.now, receivedAt: Date.now() });
      } catch {
        // A lost request: the others decide.
      }
    }
    if (samples.length === 0) throw new Error('the coordinator did not answer any clock request');
    return samples;
  }

  private onControl(raw: unknown): void {
    const d = decodeMessage(ToAgentSchema, raw);
    if (!d.ok) return this.say(`ignored a bad control message: ${d.reason}`);
    this.lastHeard = Date.now();
    const m = d.msg;
    switch (m.type) {
      case 'go':
        // The coordinator's second 0 on this machine's clock.
        return this.pool?.go(m.data.t0 + this.offsetMs);
      case 'stop':
        return this.stop('the coordinator asked');
      case 'alive':
        return this.outbox.ack(m.data.ack);
      default: {
        const unknown: never = m;
        this.say(`ignored an unknown control message ${JSON.stringify(unknown)}`);
      }
    }
  }

  private tick(): void {
    // Once ending, nothing new is sent: what is left only waits for its acknowledgement.
    if (!this.ended) this.send({ type: 'alive', data: {} });
    const again = this.outbox.resendDue();
    if (again > 0) this.say(`run ${this.assign.runId}: sent ${again} unacknowledged message(s) again`);
    if (Date.now() - this.lastHeard > AGENT_COORDINATOR_TIMEOUT_MS) {
      this.lastHeard = Infinity; // once
      this.stop(`nothing heard from the coordinator for ${AGENT_COORDINATOR_TIMEOUT_MS / 1000} s`);
    }
  }

  /** Workers finish what is in flight, send their last tick and exit; any left after the grace are killed. */
  stop(why: string): void {
    this.say(`run ${this.assign.runId}: stopping (${why})`);
    void this.pool?.stop(this.scenario.opTimeoutMs + STOP_GRACE_MS);
    if (!this.pool) void this.end();
  }

  private async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    // The last ticks and 'finished' must reach the coordinator: resent until acknowledged, for a bounded time.
    const until = Date.now() + DRAIN_LIMIT_MS;
    while (this.outbox.pending > 0 && Date.now() < until && !this.nc.isClosed()) await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
    this.timers.forEach((t) => clearInterval(t));
    this.control?.unsubscribe();
    if (!this.nc.isClosed()) await this.nc.flush().catch(() => undefined);
    this.say(`run ${this.assign.runId}: ended`);
    this.onEnd();
  }
}
