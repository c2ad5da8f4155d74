import { nodeState, type NodeState } from './node-stats';

/** Seconds [from, to) in which node `id` was in `state` (anything but up). */
export interface NodeMark {
  id: string;
  state: Exclude<NodeState, 'up'>;
  from: number;
  to: number;
}

/** Stretches kept; a cluster whose nodes keep flapping shows its latest ones. */
export const NODE_MARK_CAP = 200;

/**
 * The stretches with these (newer) samples' nodes not up added; a node's
 * consecutive seconds in one state join one stretch. The same array back
 * when nothing was added (the live store keeps it as state).
 */
export function appendNodeMarks(
  stretches: readonly NodeMark[],
  samples: readonly { second: number; nodes: readonly { id: string; state?: string }[] }[],
): readonly NodeMark[] {
  let out: NodeMark[] | undefined;
  for (const s of samples) {
    for (const n of s.nodes) {
      const state = nodeState(n);
      if (state === 'up') continue;
      out ??= [...stretches];
      const open = out.findIndex((d) => d.id === n.id && d.state === state && d.to === s.second);
      if (open >= 0) out[open] = { ...out[open], to: s.second + 1 };
      else out.push({ id: n.id, state, from: s.second, to: s.second + 1 });
    }
  }
  if (!out) return stretches;
  return out.length > NODE_MARK_CAP ? out.slice(-NODE_MARK_CAP) : out;
}
