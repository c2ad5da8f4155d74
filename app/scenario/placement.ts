import { z } from 'zod';
import { AGENT_NAME } from '../protocol/agent';

/** Most workers one place (this machine or one agent) runs: as a scenario's own `workers`. */
const MAX_WORKERS_PER_PLACE = 64;
/** `"*"` in placement.agents: every agent that is up and not named. */
export const EVERY_AGENT = '*';

/**
 * Where a run's workers run: `local` on this machine and so many on each
 * agent by name, `"*"` on every other agent up when the run starts. Absent:
 * all `workers` here. With a placement the run's workers are its sum.
 */
export const PlacementSchema = z.strictObject({
  local: z.number().int().min(0).max(MAX_WORKERS_PER_PLACE).default(0),
  agents: z
    .record(
      z.string().refine((k) => k === EVERY_AGENT || AGENT_NAME.test(k), 'an agent name (letters, digits, - and _) or "*"'),
      z.number().int().min(1).max(MAX_WORKERS_PER_PLACE),
    )
    .default({}),
});
export type Placement = z.output<typeof PlacementSchema>;

/** A placement with every agent named: what a run carries once it has started. */
export interface ResolvedPlacement {
  local: number;
  agents: [name: string, workers: number][];
}

/**
 * The placement for the agents up now (by name, in order), or why it cannot
 * run: a named agent that is not up, or no worker anywhere.
 */
export function resolvePlacement(p: Placement, up: readonly string[]): ResolvedPlacement | string {
  const missing = Object.keys(p.agents).filter((n) => n !== EVERY_AGENT && !up.includes(n));
  if (missing.length)
    return `placement: agent${missing.length === 1 ? '' : 's'} ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not up or in another run (free: ${up.length ? up.join(', ') : 'none'})`;
  const named = Object.entries(p.agents).filter(([n]) => n !== EVERY_AGENT);
  const each = p.agents[EVERY_AGENT];
  const others = each === undefined ? [] : up.filter((n) => !(n in p.agents)).map((n): [string, number] => [n, each]);
  const agents = [...named, ...others];
  if (p.local + agents.reduce((a, [, n]) => a + n, 0) === 0)
    return `placement: no worker anywhere (local is 0${each === undefined ? '' : ' and no agent is up for "*"'})`;
  return { local: p.local, agents };
}

export const placedWorkers = (r: ResolvedPlacement): number => r.local + r.agents.reduce((a, [, n]) => a + n, 0);

/** The placement as a scenario writes it, every agent named (for the run file). */
export const placementOf = (r: ResolvedPlacement): Placement => ({ local: r.local, agents: Object.fromEntries(r.agents) });
