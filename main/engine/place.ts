import type { NatsConnection } from '@nats-io/nats-core';
import { EVERY_AGENT, placedWorkers, placementOf, resolvePlacement, type ResolvedPlacement } from '../../app/scenario/placement';
import type { Scenario } from '../../app/scenario/schema';
import type { AgentDirectory } from '../nats/agent-directory';

/** How long a run waits for agents still in a run (a previous one ending) before it is placed on those free. */
const BUSY_WAIT_MS = 10_000;
const BUSY_POLL_MS = 100;

/** What a coordinator has to place workers on agents: its NATS link and the agents it has heard of. */
export interface AgentLink {
  nc: NatsConnection;
  directory: AgentDirectory;
}

/**
 * The scenario with its placement resolved against the agents free now
 * (`"*"` replaced by their names) and `workers` set to the sum; unchanged
 * without a placement. Throws with the reason when it cannot be placed.
 */
export async function placeScenario(s: Scenario, link: AgentLink | undefined): Promise<Scenario> {
  if (!s.placement) return s;
  const wantsAgents = Object.keys(s.placement.agents).length > 0;
  if (wantsAgents && !link)
    throw new Error('placement names agents, but kvscope has no NATS connection: give --nats URL (or "nats" in config.json)');
  if (link) {
    // Placed on agents by name only: settled once those have spoken; "*" takes every agent up, so all must have had the time to.
    const named = Object.keys(s.placement.agents);
    await link.directory.settled(named.includes(EVERY_AGENT) ? undefined : named);
    // An agent just out of a run says so with its next heartbeat: wait for the ones busy now, a little.
    const until = Date.now() + BUSY_WAIT_MS;
    while (link.directory.busy().length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, BUSY_POLL_MS));
  }
  const r = resolvePlacement(s.placement, link ? link.directory.free() : []);
  if (typeof r === 'string') throw new Error(r);
  return { ...s, workers: placedWorkers(r), placement: placementOf(r) };
}

/** A placed scenario's placement, every agent named; undefined without one. */
export function resolvedOf(s: Scenario): ResolvedPlacement | undefined {
  return s.placement ? { local: s.placement.local, agents: Object.entries(s.placement.agents) } : undefined;
}
