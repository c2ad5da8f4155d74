import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { AGENT_HEARTBEAT_MS, AGENT_LOST_MS, HeartbeatSchema, SUBJECTS, type Heartbeat } from '../../app/protocol/agent';
import { decodeJson } from './connect';

/** Every agent says it is up once a heartbeat; after a little more than one, all that are up have spoken. */
export const FIRST_LISTEN_MS = Math.round(AGENT_HEARTBEAT_MS * 1.5);

export interface AgentEntry {
  heartbeat: Heartbeat;
  lastAt: number;
  up: boolean;
}

/**
 * The agents the coordinator has heard of: up while their heartbeats keep
 * coming, lost after AGENT_LOST_MS. A heartbeat counts only on its agent's
 * own subject.
 */
export class AgentDirectory {
  private readonly seen = new Map<string, { heartbeat: Heartbeat; lastAt: number }>();
  private readonly sub: Subscription;
  private readonly since = Date.now();
  /** settled() calls waiting for named agents: each is told of every heartbeat taken. */
  private readonly waiting = new Set<() => void>();

  constructor(nc: NatsConnection) {
    this.sub = nc.subscribe(SUBJECTS.heartbeats, {
      callback: (_e, m) => {
        const hb = HeartbeatSchema.safeParse(decodeJson(m.data));
        // An agent speaks for itself only: NATS lets its user publish on its own subject, and the name must be that one.
        if (hb.success && m.subject === SUBJECTS.heartbeat(hb.data.name)) {
          this.seen.set(hb.data.name, { heartbeat: hb.data, lastAt: Date.now() });
          for (const heard of this.waiting) heard();
        }
      },
    });
  }

  /**
   * Resolves once agents have had a heartbeat's time to speak since the
   * directory began listening, or sooner once every one of `names` has been
   * heard since then: all that matter have spoken. Without names (every
   * agent up, as `"*"` or a listing wants) nothing tells that all have
   * spoken, so it waits the heartbeat's time; a named agent not heard too.
   */
  async settled(names?: readonly string[]): Promise<void> {
    const allHeard = (): boolean => names !== undefined && names.every((n) => this.seen.has(n));
    const wait = this.since + FIRST_LISTEN_MS - Date.now();
    if (wait <= 0 || allHeard()) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiting.delete(heard);
        resolve();
      };
      const heard = (): void => void (allHeard() && done());
      const timer = setTimeout(done, wait);
      if (names !== undefined) this.waiting.add(heard);
    });
  }

  list(now = Date.now()): AgentEntry[] {
    return [...this.seen.values()]
      .map((e) => ({ ...e, up: now - e.lastAt <= AGENT_LOST_MS }))
      .sort((a, b) => a.heartbeat.name.localeCompare(b.heartbeat.name));
  }

  /** Agents up and in no run: those a run may be placed on. */
  free(now = Date.now()): string[] {
    return this.list(now)
      .filter((e) => e.up && e.heartbeat.runId === undefined)
      .map((e) => e.heartbeat.name);
  }

  /** Agents up and in a run. */
  busy(now = Date.now()): string[] {
    return this.list(now)
      .filter((e) => e.up && e.heartbeat.runId !== undefined)
      .map((e) => e.heartbeat.name);
  }

  close(): void {
    this.sub.unsubscribe();
  }
}
