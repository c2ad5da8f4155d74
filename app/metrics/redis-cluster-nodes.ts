import { countOf } from '../report/numbers';
/**
 * The membership half of a Redis Cluster node's state, from CLUSTER NODES
 * (one line per node: `id ip:port@cport[,hostname] flags master ping pong
 * epoch link slot...`). Each node lists its own slots and, on its own
 * (`myself`) line only, the slots it is handing over (`[slot->-id]`) or
 * taking over (`[slot-<-id]`); every node lists the flags it sees on the
 * others (`fail`, `fail?`, `handshake`).
 */
export interface ClusterNodeLine {
  /** `ip:port`, as kvscope names a node. */
  address: string;
  flags: readonly string[];
  /** Slots it owns (a slot it is handing over is still its own). */
  slots: number;
  /** Slots it is handing over to another node (own line only). */
  migrating: number;
  /** Slots it is taking over from another node (own line only). */
  importing: number;
}

import type { NodeCounters, NodeMembership } from './node-stats';

const FIELDS_BEFORE_SLOTS = 8;

export function parseClusterNodes(text: string): ClusterNodeLine[] {
  const out: ClusterNodeLine[] = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split(' ');
    if (f.length < FIELDS_BEFORE_SLOTS) continue;
    const address = f[1].split(',')[0].split('@')[0];
    let slots = 0;
    let migrating = 0;
    let importing = 0;
    for (const s of f.slice(FIELDS_BEFORE_SLOTS)) {
      if (s.startsWith('[')) {
        if (s.includes('->-')) migrating++;
        else if (s.includes('-<-')) importing++;
        continue;
      }
      const [from, to] = s.split('-').map(Number);
      if (Number.isInteger(from)) slots += Number.isInteger(to) ? to - from + 1 : 1;
    }
    out.push({ address, flags: f[2].split(','), slots, migrating, importing });
  }
  return out;
}

/**
 * A master's state as its cluster sees it: `own` is its line in its own
 * CLUSTER NODES (undefined when it did not answer), `seen` its lines in the
 * other masters' answers. Down when any of them has failed it; joining while
 * in handshake; filling while it takes slots over or holds none yet (a new
 * master); leaving while it hands over its last slots, or once emptied of
 * the slots it held (`hadSlots`: earlier in the run), on its way out.
 */
export function redisMembership(own: ClusterNodeLine | undefined, seen: readonly ClusterNodeLine[], hadSlots = false): NodeMembership {
  const all = own ? [own, ...seen] : seen;
  if (all.some((l) => l.flags.includes('fail'))) return { down: true, note: 'failed by its cluster' };
  const notes: string[] = [];
  const out: NodeMembership = {};
  if (all.some((l) => l.flags.includes('fail?'))) notes.push('suspected down by a peer');
  if (all.some((l) => l.flags.includes('handshake'))) {
    out.member = 'joining';
    notes.push('in handshake');
  }
  if (own) {
    if (own.importing > 0) {
      out.filling = true;
      notes.push(`importing ${countOf(own.importing, 'slot')}`);
    } else if (own.slots === 0 && own.flags.includes('master') && hadSlots) {
      out.member = 'leaving';
      notes.push('emptied: holds no slots');
    } else if (own.slots === 0 && own.flags.includes('master')) {
      out.filling = true;
      notes.push('holds no slots');
    }
    if (own.migrating > 0 && own.migrating >= own.slots) {
      out.member = 'leaving';
      notes.push(`handing over its last ${countOf(own.migrating, 'slot')}`);
    } else if (own.migrating > 0) notes.push(`migrating ${countOf(own.migrating, 'slot')} out`);
  }
  return notes.length ? { ...out, note: notes.join('; ') } : out;
}

/** A master's reading with its state as its cluster tells it: its own CLUSTER NODES line (`lines`) and the others' lines on it. */
export function withClusterState(
  node: NodeCounters,
  lines: readonly ClusterNodeLine[] | undefined,
  views: readonly ClusterNodeLine[],
  hadSlots: boolean,
): NodeCounters {
  const own = lines?.find((l) => l.flags.includes('myself'));
  const seen = views.filter((l) => l.address === node.id && !l.flags.includes('myself'));
  const m = redisMembership(own, seen, hadSlots);
  if (m.down) return { ...node, counters: {}, down: true, note: m.note };
  return { ...node, ...m };
}
