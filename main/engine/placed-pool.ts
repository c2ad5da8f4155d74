import { EventEmitter } from 'node:events';
import type { NatsConnection, Status, Subscription } from '@nats-io/nats-core';
import { SUBJECTS } from '../../app/protocol/agent';
import type { Endpoint } from '../../app/protocol/worker';
import type { ResolvedPlacement } from '../../app/scenario/placement';
import type { Scenario } from '../../app/scenario/schema';
import { encodeJson } from '../nats/connect';
import { AgentPool } from './agent-pool';
import type { WorkerPool, WorkerPoolEvents } from './worker-pool';

const FORWARDED = ['ready', 'tick', 'log', 'finished', 'fatal', 'died', 'gone', 'note'] as const;

/**
 * A run's workers here and on agents, as one pool: local ids first, then
 * each agent's slice in order. It answers the agents' clock requests, so
 * each can align its seconds to this machine's clock.
 */
export class PlacedPool extends EventEmitter<WorkerPoolEvents> {
  readonly size: number;
  private readonly agents: AgentPool[] = [];
  private clock: Subscription | undefined;
  private status: (AsyncIterable<Status> & { stop?(): void }) | undefined;
  private t0 = Infinity;

  constructor(
    private readonly local: WorkerPool | undefined,
    private readonly nc: NatsConnection,
    private readonly runId: string,
    placement: ResolvedPlacement,
  ) {
    super();
    let next = local?.size ?? 0;
    const of = next + placement.agents.reduce((a, [, n]) => a + n, 0);
    for (const [name, n] of placement.agents) {
      this.agents.push(new AgentPool(nc, name, runId, next, n, of));
      next += n;
    }
    this.size = of;
    for (const part of this.parts)
      for (const event of FORWARDED)
        part.on(event, (...args: unknown[]) => (this.emit as (e: string, ...a: unknown[]) => boolean)(event, ...args));
  }

  private get parts(): (WorkerPool | AgentPool)[] {
    return [...(this.local ? [this.local] : []), ...this.agents];
  }

  placeOf(id: number): string | undefined {
    const a = this.agents.find((p) => p.owns(id));
    return a ? `agent ${a.agent}` : undefined;
  }

  /** Process ids of the workers on this machine. */
  get pids(): number[] {
    return this.local?.pids ?? [];
  }

  start(scenario: Scenario, endpoint: Endpoint | undefined, client?: string): void {
    this.clock = this.nc.subscribe(SUBJECTS.clock(this.runId), { callback: (_e, m) => void m.respond(encodeJson({ now: Date.now() })) });
    this.local?.start(scenario, endpoint, client);
    for (const a of this.agents) a.start(scenario);
    void this.watchLink();
  }

  /**
   * The NATS link's drops and returns, in the run's log with their seconds:
   * the agents' ticks of the seconds in between arrive late, so those
   * seconds are short of workers (marked as such) and the late operations
   * count in the next second emitted; none is lost.
   */
  private async watchLink(): Promise<void> {
    const status = this.nc.status() as AsyncIterable<Status> & { stop?(): void };
    this.status = status;
    const second = (): string => (Number.isFinite(this.t0) ? `second ${Math.floor((Date.now() - this.t0) / 1000)}` : 'the start');
    for await (const s of status) {
      if (s.type === 'disconnect') this.emit('note', 'main', 'warn', `the NATS link to the agents dropped at ${second()}`);
      else if (s.type === 'reconnect')
        this.emit(
          'note',
          'main',
          'warn',
          `the NATS link to the agents is back at ${second()}: the agents' seconds in between count late, in later seconds`,
        );
    }
  }

  go(t0: number): void {
    this.t0 = t0;
    for (const p of this.parts) p.go(t0);
  }

  async stop(graceMs: number): Promise<void> {
    await Promise.all(this.parts.map((p) => p.stop(graceMs)));
  }

  async waitExit(graceMs: number): Promise<void> {
    await Promise.all(this.parts.map((p) => p.waitExit(graceMs)));
    this.clock?.unsubscribe();
    this.status?.stop?.();
  }

  kill(): void {
    for (const p of this.parts) p.kill();
    this.clock?.unsubscribe();
    this.status?.stop?.();
  }
}
