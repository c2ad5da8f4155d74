import type { LocalTools } from '../../../../app/protocol/bridge';
import type { ScenarioInput } from '../../../../app/scenario/schema';
import { TargetSchema, type Target } from '../../../../app/scenario/targets';
import { YCSB_E_REFUSALS, YCSB_TARGETS } from '../../../../app/scenario/catalog-ycsb';

const YCSB_PREFIX = 'ycsb-';
const isYcsb = (s: ScenarioInput): boolean => (s.name ?? '').startsWith(YCSB_PREFIX);

/** The catalog's sections, in this order: what needs nothing first, then each cluster kind, then the YCSB workloads of all three. */
const SECTIONS: { id: string; title: string; has(s: ScenarioInput): boolean; note?: string }[] = [
  { id: 'builtin', title: 'Built-in servers', has: (s) => ['builtin-kv', 'builtin-file'].includes(s.target.kind) },
  { id: 'redis', title: 'Redis', has: (s) => s.target.kind === 'redis' && !isYcsb(s) },
  { id: 'hazelcast', title: 'Hazelcast', has: (s) => s.target.kind === 'hazelcast' && !isYcsb(s) },
  { id: 'aerospike', title: 'Aerospike', has: (s) => s.target.kind === 'aerospike' && !isYcsb(s) },
  {
    id: 'ycsb',
    title: 'YCSB core workloads',
    has: isYcsb,
    note: `Workload E (short range scans) is not offered: ${YCSB_TARGETS.map((k) => `${k}: ${YCSB_E_REFUSALS[k]}`).join('; ')}.`,
  },
];

export interface CatalogSection {
  id: string;
  title: string;
  scenarios: ScenarioInput[];
  /** What the section leaves out, and why. */
  note?: string;
}

/** The scenarios whose name, description or target kind hold the search text, in their sections (empty ones left out). */
export function catalogSections(catalog: readonly ScenarioInput[], search: string): CatalogSection[] {
  const found = searchScenarios(catalog, search);
  return SECTIONS.map((sec) => ({
    id: sec.id,
    title: sec.title,
    scenarios: found.filter((s) => sec.has(s)),
    ...(sec.note ? { note: sec.note } : {}),
  })).filter((sec) => sec.scenarios.length > 0);
}

/** The scenarios whose name, description or target kind hold the search text. */
export function searchScenarios(list: readonly ScenarioInput[], search: string): ScenarioInput[] {
  const needle = search.trim().toLowerCase();
  const hit = (s: ScenarioInput) =>
    needle === '' || [s.name ?? '', s.description ?? '', s.target?.kind ?? ''].some((t) => t.toLowerCase().includes(needle));
  return list.filter(hit);
}

/** What a scenario needs to run, and whether this machine has it (undefined: a server of the user's, which kvscope cannot know of). */
export interface Need {
  text: string;
  has?: boolean;
  detail?: string;
}

export function needOf(s: ScenarioInput, tools: LocalTools | null): Need {
  const parsed = TargetSchema.safeParse(s.target);
  if (!parsed.success) return { text: 'settings to fix first' };
  const t: Target = parsed.data;
  switch (t.kind) {
    case 'builtin-kv':
      return { text: 'nothing: kvscope starts its own key-value server', has: true };
    case 'builtin-file':
      return { text: 'nothing: kvscope starts its own file server', has: true };
    case 'redis':
      if (t.localCluster > 0)
        return { text: `a local Redis Cluster of ${t.localCluster} masters, which kvscope starts (redis-server)`, ...tool(tools?.redis) };
      return { text: `your Redis at ${t.host}:${t.port}` };
    case 'hazelcast':
      if (t.localMembers > 0)
        return {
          text: `${t.localMembers} local Hazelcast member${t.localMembers === 1 ? '' : 's'}, which kvscope starts (Java)`,
          ...tool(tools?.hazelcast),
        };
      return { text: `your Hazelcast at ${t.members}` };
    case 'aerospike':
      return { text: `your Aerospike at ${t.hosts}` };
    default: {
      const unknown: never = t;
      return { text: `a ${(unknown as { kind: string }).kind} target` };
    }
  }
}

const tool = (status: { available: boolean; detail: string } | undefined): Pick<Need, 'has' | 'detail'> =>
  status ? { has: status.available, detail: status.detail } : {};
