import { NODE_NOTE_MAX_CHARS, type NodeCounters } from '../../app/metrics/node-stats';

/** Each node must answer a second's reading within this, so one slow node cannot hold up the others' second. */
export const READING_TIMEOUT_MS = 800;

/** Reads every node's cumulative counters of one kind of cluster. */
export interface Poller {
  connect(): Promise<void>;
  poll(): Promise<NodeCounters[]>;
  close(): void;
}

/**
 * Runs one reading and returns it with the time it stands for: the middle of
 * the round trip, the best guess of when the server read its counters.
 */
export async function stamped<T>(read: () => Promise<T>): Promise<{ value: T; at: number }> {
  const sent = Date.now();
  const value = await read();
  return { value, at: (sent + Date.now()) / 2 };
}

/** A node that did not answer its statistics request now: main shows it as down from this second. */
export function notAnswering(id: string, address: string): NodeCounters {
  return { id, address, counters: {}, at: Date.now(), down: true };
}

/**
 * A node its monitor could not read now, for a reason that does not say it
 * is gone (its metrics endpoint slow, say): main keeps it as it was and notes why.
 */
export function unread(id: string, address: string, why: string): NodeCounters {
  return { id, address, counters: {}, at: Date.now(), quiet: true, note: why.slice(0, NODE_NOTE_MAX_CHARS) };
}

/** `p`, or a rejection naming the limit once `ms` have passed (a reading within READING_TIMEOUT_MS, say). */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}
