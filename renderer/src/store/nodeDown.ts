import type { LiveSample } from '../../../app/protocol/bridge';
import { nodeState } from '../../../app/metrics/node-stats';
import type { Stretch } from './partial';

/** Seconds [from, to) in which node `id` was down. */
export interface NodeDown extends Stretch {
  id: string;
}

/** Stretches kept; a cluster whose nodes keep flapping shows its latest ones. */
const NODE_DOWN_CAP = 200;

/** The stretches with these (newer) samples' down nodes added; a node's consecutive down seconds join one stretch. */
export function appendNodeDown(stretches: readonly NodeDown[], samples: readonly LiveSample[]): readonly NodeDown[] {
  let out: NodeDown[] | undefined;
  for (const s of samples) {
    for (const n of s.nodes) {
      if (nodeState(n) !== 'down') continue;
      out ??= [...stretches];
      const open = out.findIndex((d) => d.id === n.id && d.to === s.second);
      if (open >= 0) out[open] = { ...out[open], to: s.second + 1 };
      else out.push({ id: n.id, from: s.second, to: s.second + 1 });
    }
  }
  if (!out) return stretches;
  return out.length > NODE_DOWN_CAP ? out.slice(-NODE_DOWN_CAP) : out;
}
