import { isNonNegative, isNumber, isPlain, NO, nodeBase, nonNegativeRecord } from '../protocol/fast-check';
import { NODE_NOTE_MAX_CHARS, type NodeCounters } from './node-stats';

type Optional = Exclude<keyof NodeCounters, 'id' | 'address' | 'counters'>;
/** Reads one optional field's value as the schema returns it, or NO. */
type Read = (v: unknown) => unknown;

const when =
  (ok: (v: unknown) => boolean): Read =>
  (v) =>
    ok(v) ? v : NO;
const isBoolean = (v: unknown): boolean => typeof v === 'boolean';
const MEMBERS: readonly unknown[] = ['joining', 'leaving'] satisfies NodeCounters['member'][];

/** NodeCountersSchema's optional fields, in its order. */
const OPTIONAL: readonly (readonly [Optional, Read])[] = [
  ['memory', when(isNonNegative)],
  ['rss', when(isNonNegative)],
  ['at', when(isNumber)],
  ['gauges', nonNegativeRecord],
  ['down', when(isBoolean)],
  ['quiet', when(isBoolean)],
  ['member', when((v) => MEMBERS.includes(v))],
  ['filling', when(isBoolean)],
  ['note', when((v) => typeof v === 'string' && v.length <= NODE_NOTE_MAX_CHARS)],
];

/**
 * A monitor's reading of one node checked by hand, as NodeCountersSchema
 * checks it, and returned as the schema returns it (the schema's key order,
 * unknown keys dropped); NO for anything it is not sure of, which the schema
 * then decides (app/protocol/fast-check.ts).
 */
export function checkNodeCounters(raw: unknown): NodeCounters | undefined {
  if (!isPlain(raw)) return NO;
  const base = nodeBase(raw);
  if (!base) return NO;
  const out: Record<string, unknown> = base;
  for (const [key, read] of OPTIONAL) {
    if (raw[key] === undefined) continue;
    const value = read(raw[key]);
    if (value === NO) return NO;
    out[key] = value;
  }
  return out as NodeCounters;
}
