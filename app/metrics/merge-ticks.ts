import { createHistogram, encodeHistogram, latencyStats } from './histogram';
import { addEncodedTo } from './hdr-add';
import { addExact } from './exact-latency';
import type { Tick } from './tick';
import type { NodeSample } from './node-stats';
import type { MeasuredPhase, OpSample, Sample, WorkerSample } from './sample';

/**
 * The merge's histograms, reset and used again each second: a new one is
 * 86 KB of fresh pages to fault in, three of them a second in main. Nothing
 * of them outlives a call (percentiles and encodings are read out).
 */
const opScratch = createHistogram();
const allScratch = createHistogram();

/** Merge every worker's tick for one second: counts summed, histograms merged, workers kept apart. */
export function mergeTicks(
  second: number,
  phase: MeasuredPhase,
  at: number,
  ticks: readonly Tick[],
  nodes: NodeSample[] = [],
  expected?: number,
): Sample {
  const opNames = new Set<string>();
  for (const t of ticks) for (const op of Object.keys(t.ops)) opNames.add(op);
  const ops: Record<string, OpSample> = {};
  const totals = { count: 0, errors: 0, timeouts: 0, notFound: 0 };
  const all = allScratch;
  all.reset();
  for (const op of [...opNames].sort()) {
    const parts = ticks.map((t) => t.ops[op]).filter((o) => o !== undefined);
    const h = opScratch;
    h.reset();
    // Each worker's histogram decoded once, into its operation's and the second's total.
    for (const p of parts) addEncodedTo([h, all], p.hist);
    const s: OpSample = {
      count: sum(parts, 'count'),
      errors: sum(parts, 'errors'),
      timeouts: sum(parts, 'timeouts'),
      notFound: sum(parts, 'notFound'),
      unavailable: sum(parts, 'unavailable'),
      latency: latencyStats(h),
      // One worker's histogram goes on as it came: encoding it again (deflate) cost main more than the rest of the merge.
      hist: parts.length === 1 ? parts[0].hist : encodeHistogram(h),
    };
    ops[op] = s;
    totals.count += s.count;
    totals.errors += s.errors;
    totals.timeouts += s.timeouts;
    totals.notFound += s.notFound;
  }
  const latency = latencyStats(all);
  return {
    second,
    phase,
    at,
    ops,
    totals,
    latency,
    bytesIn: ticks.reduce((a, t) => a + t.bytesIn, 0),
    bytesOut: ticks.reduce((a, t) => a + t.bytesOut, 0),
    workers: latestPerWorker(ticks),
    // The nodes' own view when a monitor reads it; the workers' attribution only where nothing better exists.
    nodes: nodes.length > 0 ? nodes : clientSideNodes(ticks),
    ...(expected === undefined ? {} : { strength: { expected, reporting: new Set(ticks.map((t) => t.worker)).size } }),
    // The longest any worker ran in it: the workers stop together, on one message.
    ...coveredOf(ticks),
  };
}

function coveredOf(ticks: readonly Tick[]): { covered?: number } {
  if (ticks.length === 0 || ticks.some((t) => t.covered === undefined)) return {};
  return { covered: Math.max(...ticks.map((t) => t.covered ?? 1)) };
}

/** The workers' per-node counts of the second, added up per node (client-side attribution). */
function clientSideNodes(ticks: readonly Tick[]): NodeSample[] {
  const byId = new Map<string, NodeSample>();
  for (const t of ticks) {
    for (const n of t.nodes ?? []) {
      const s = byId.get(n.id) ?? { id: n.id, address: n.address, rates: {} };
      for (const [k, v] of Object.entries(n.counters)) s.rates[k] = (s.rates[k] ?? 0) + v;
      byId.set(n.id, s);
    }
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

function sum<T extends Record<K, number>, K extends string>(xs: readonly T[], k: K): number {
  let s = 0;
  for (const x of xs) s += x[k];
  return s;
}

/** A late tick can share a second with the worker's regular one: keep one gauge reading per worker, the newest. */
function latestPerWorker(ticks: readonly Tick[]): WorkerSample[] {
  const byId = new Map<number, WorkerSample>();
  for (const t of ticks) {
    const before = byId.get(t.worker);
    let count = before?.count ?? 0;
    let exact = before?.exact;
    for (const [name, op] of Object.entries(t.ops)) {
      count += op.count;
      // Exact latencies stay per worker: the seed's CSV writes one row per client process and op.
      if (op.exact) exact = { ...exact, [name]: addExact(exact?.[name], { count: op.count, ...op.exact }) };
    }
    const w: WorkerSample = { id: t.worker, mem: t.mem, elu: t.elu, cpu: t.cpu, inFlight: t.inFlight, backlog: t.backlog, count };
    if (exact) w.exact = exact;
    byId.set(t.worker, w);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
