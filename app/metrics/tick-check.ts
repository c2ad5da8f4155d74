import { isCount, isNonNegative, isPlain, isShare, NO, nodeBase } from '../protocol/fast-check';
import type { ExactLatency, Memory, OpTick, Tick, TickNode } from './tick';

/**
 * A worker's tick checked by hand, field by field as TickSchema checks it,
 * and returned as TickSchema returns it (its own objects, in the schema's
 * key order, unknown keys dropped, `unavailable` 0 where absent). NO for
 * anything it is not sure of: TickSchema then decides (app/protocol/fast-check.ts).
 * test/unit/fast-check.test.ts holds it to the schema, key for key.
 */
export function checkTick(raw: unknown): Tick | undefined {
  if (!isPlain(raw)) return NO;
  const { worker, second, bytesIn, bytesOut, elu, cpu, inFlight, backlog, covered } = raw;
  if (!isCount(worker) || !isCount(second) || !isNonNegative(bytesIn) || !isNonNegative(bytesOut)) return NO;
  if (!isShare(elu) || !isNonNegative(cpu) || !isCount(inFlight) || !isCount(backlog)) return NO;
  const ops = opTicks(raw.ops);
  const mem = memory(raw.mem);
  if (!ops || !mem) return NO;
  const tick: Tick = { worker, second, ops, bytesIn, bytesOut, mem, elu, cpu, inFlight, backlog };
  if (raw.nodes !== undefined) {
    const nodes = tickNodes(raw.nodes);
    if (!nodes) return NO;
    tick.nodes = nodes;
  }
  if (covered !== undefined) {
    if (!isShare(covered)) return NO;
    tick.covered = covered;
  }
  return tick;
}

function opTicks(v: unknown): Record<string, OpTick> | undefined {
  if (!isPlain(v)) return NO;
  const out: Record<string, OpTick> = {};
  for (const name of Object.keys(v)) {
    const o = v[name];
    if (name === '__proto__' || !isPlain(o)) return NO;
    const { count, errors, timeouts, notFound, hist } = o;
    // Absent is 0 (the default); null is not absent.
    const unavailable = o.unavailable === undefined ? 0 : o.unavailable;
    if (!isCount(count) || !isCount(errors) || !isCount(timeouts) || !isCount(notFound) || !isCount(unavailable)) return NO;
    if (typeof hist !== 'string') return NO;
    out[name] = { count, errors, timeouts, notFound, unavailable, hist };
    if (o.exact !== undefined) {
      const exact = exactLatency(o.exact);
      if (!exact) return NO;
      out[name].exact = exact;
    }
  }
  return out;
}

function exactLatency(v: unknown): ExactLatency | undefined {
  if (!isPlain(v)) return NO;
  const { sum, min, max } = v;
  return isNonNegative(sum) && isNonNegative(min) && isNonNegative(max) ? { sum, min, max } : NO;
}

function memory(v: unknown): Memory | undefined {
  if (!isPlain(v)) return NO;
  const { rss, heapUsed, external } = v;
  return isNonNegative(rss) && isNonNegative(heapUsed) && isNonNegative(external) ? { rss, heapUsed, external } : NO;
}

function tickNodes(v: unknown): TickNode[] | undefined {
  if (!Array.isArray(v)) return NO;
  const out: TickNode[] = [];
  for (let i = 0; i < v.length; i++) {
    const n: unknown = v[i];
    const node = isPlain(n) ? nodeBase(n) : NO;
    if (!node) return NO;
    out.push(node);
  }
  return out;
}
