import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { decodeMessage, type FastPath } from '../../app/protocol/envelope';
import { fastFromTarget, FromTargetSchema } from '../../app/protocol/target';
import { fastFromWorker, FromWorkerSchema } from '../../app/protocol/worker';
import { TickSchema } from '../../app/metrics/tick';
import { NodeCountersSchema } from '../../app/metrics/node-stats';

/** A tick with every field of TickSchema set, nested ones too. */
const fullTick = {
  worker: 1,
  second: 7,
  ops: {
    get: {
      count: 10,
      errors: 1,
      timeouts: 2,
      notFound: 3,
      unavailable: 4,
      hist: 'HISTFAAAA',
      exact: { sum: 5000.5, min: 20.25, max: 900 },
    },
    put: { count: 5, errors: 0, timeouts: 0, notFound: 0, hist: '' },
  },
  bytesIn: 100.5,
  bytesOut: 0,
  mem: { rss: 1e8, heapUsed: 2e7, external: 0 },
  elu: 0.5,
  cpu: 1.2,
  inFlight: 32,
  backlog: 0,
  nodes: [{ id: 'n1', address: '127.0.0.1:3000', counters: { 'read.sent': 4, 'write.sent': 0.5 } }],
  covered: 1,
};

/** A reading with every field of NodeCountersSchema set. */
const fullNode = {
  id: 'BB9',
  address: '127.0.0.1:3000',
  counters: { 'read.success': 3 },
  memory: 1024,
  rss: 2048,
  at: 1_700_000_000_000.5,
  gauges: { 'read.latency.count': 9.5 },
  down: false,
  quiet: false,
  member: 'leaving',
  filling: true,
  note: 'importing 1 slot',
};

/** Values put in place of each field: wrong types, edges of each check, and good ones. */
const VALUES: unknown[] = [
  0,
  -0,
  1,
  -1,
  0.5,
  1.5,
  2 ** 53,
  1e300,
  NaN,
  Infinity,
  -Infinity,
  '',
  'x',
  '1',
  'joining',
  'up',
  'z'.repeat(201),
  true,
  false,
  null,
  undefined,
  {},
  [],
  [1],
  { a: 1 },
  { __proto__: null, a: 1 },
  JSON.parse('{"__proto__": 1}'),
  new Date(0),
];

/** Every path to a value in `v` (objects and arrays), the root's own path being []. */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof v !== 'object' || v === null) return [at];
  const keys = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return [at, ...keys.flatMap((k) => paths((v as Record<string | number, unknown>)[k], [...at, k]))];
}

/** `base` with the value at `path` replaced (or, with `remove`, deleted), or a key added beside it. */
function mutate(base: unknown, path: (string | number)[], how: { value?: unknown; remove?: boolean; extra?: string }): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  if (path.length === 0) return how.extra ? { ...copy, [how.extra]: how.value } : how.value;
  let parent = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (how.remove) delete parent[last];
  else if (how.extra) (parent[last] as Record<string, unknown>)[how.extra] = how.value;
  else parent[last] = how.value;
  return copy;
}

function variants(base: unknown): unknown[] {
  const out: unknown[] = [base];
  for (const p of paths(base)) {
    for (const value of VALUES) out.push(mutate(base, p, { value }));
    if (p.length > 0) out.push(mutate(base, p, { remove: true }));
    const inner = p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], base);
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner))
      for (const extra of ['extra', '__proto__', 'hasOwnProperty']) out.push(mutate(base, p, { value: 1, extra }));
  }
  return out;
}

/** A value a JSON message can hold exactly (what main gets from a child). */
const jsonPlain = (v: unknown): boolean => v !== undefined && isDeepStrictEqual(JSON.parse(JSON.stringify(v) ?? 'null'), v);

/**
 * The fast path against the schema over every variant: where it answers, the
 * schema accepts and returns the same (values and key order); where the
 * schema accepts a message JSON can carry (a `__proto__` key aside, which the
 * schema drops), it answers. Returns how many it answered.
 */
function holdsToSchema<M>(schema: z.ZodType<M>, fast: FastPath<M>, messages: unknown[]): number {
  let answered = 0;
  for (const m of messages) {
    const quick = fast(m);
    const slow = schema.safeParse(m);
    const where = JSON.stringify(m)?.slice(0, 300);
    if (quick !== undefined) {
      answered++;
      expect(slow.success, where).toBe(true);
      expect(quick, where).toStrictEqual(slow.data);
      expect(JSON.stringify(quick), where).toBe(JSON.stringify(slow.data));
    } else if (slow.success && jsonPlain(m) && !JSON.stringify(m).includes('"__proto__"')) {
      expect.fail(`the fast path left a message JSON carries to the schema: ${where}`);
    }
  }
  return answered;
}

describe('the hand-written checks of the messages of every second', () => {
  it('cover every field their schemas have', () => {
    expect(Object.keys(fullTick).sort()).toEqual(Object.keys(TickSchema.shape).sort());
    expect(Object.keys(fullTick.ops.get).sort()).toEqual(Object.keys(TickSchema.shape.ops.valueType.shape).sort());
    expect(Object.keys(fullTick.nodes[0]).sort()).toEqual(Object.keys(TickSchema.shape.nodes.unwrap().element.shape).sort());
    expect(Object.keys(fullNode).sort()).toEqual(Object.keys(NodeCountersSchema.shape).sort());
  });

  it("answer a worker's tick exactly as the schema does, and leave to it only what JSON cannot carry", () => {
    const messages = variants({ type: 'tick', data: fullTick });
    const answered = holdsToSchema(FromWorkerSchema, fastFromWorker, messages);
    // The good ones: the tick itself, and every change the schema still accepts.
    expect(answered).toBeGreaterThan(100);
    expect(fastFromWorker({ type: 'log', data: { level: 'info', message: 'x' } })).toBeUndefined();
  });

  it("answer the monitor's readings exactly as the schema does", () => {
    const data = { nodes: [fullNode, { id: 'n2', address: 'a:1', counters: {} }] };
    const answered = holdsToSchema(FromTargetSchema, fastFromTarget, variants({ type: 'node-stats', data }));
    expect(answered).toBeGreaterThan(100);
    expect(fastFromTarget({ type: 'node-stats', data: { nodes: [] } })).toStrictEqual({ type: 'node-stats', data: { nodes: [] } });
  });

  it('change nothing a bad message is told: the schema still names the field and the reason', () => {
    const bad = { type: 'tick', data: { ...fullTick, elu: 2 } };
    expect(decodeMessage(FromWorkerSchema, bad, fastFromWorker)).toEqual(decodeMessage(FromWorkerSchema, bad));
    const d = decodeMessage(FromWorkerSchema, bad, fastFromWorker);
    expect(d.ok ? '' : d.reason).toMatch(/^tick: data\.elu /);
    const good = { type: 'tick', data: fullTick, stray: 1 };
    expect(decodeMessage(FromWorkerSchema, good, fastFromWorker)).toStrictEqual(decodeMessage(FromWorkerSchema, good));
  });
});
