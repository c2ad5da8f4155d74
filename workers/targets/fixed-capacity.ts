import type { KvStore } from './kv-store';

/**
 * A store whose capacity is known by construction: every request takes
 * exactly `serviceTimeMs` on one of `handlers` handlers, so the server
 * answers at most handlers x 1000 / serviceTimeMs requests a second, and a
 * request that finds every handler busy waits its turn. Each handler's next
 * free moment is kept as a schedule, and an answer goes out when its slot
 * ends by that schedule: a timer that fires late delays one answer, never the
 * slots after it, so the capacity holds however the event loop is loaded.
 * Values live in memory: the disk plays no part in the answer.
 */
export function fixedCapacityStore(handlers: number, serviceTimeMs: number): KvStore {
  const values = new Map<string, Buffer>();
  const now = (): number => performance.now();
  const schedule = slotSchedule(handlers, serviceTimeMs);
  const slot = (): number => schedule(now());
  const at = (end: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, end - now())));
  return {
    async get(key) {
      await at(slot());
      return values.get(key);
    },
    async put(key, body) {
      await at(slot());
      values.set(key, body);
    },
  };
}

/**
 * The handlers' schedule: for a request arriving at `now`, the end of the
 * slot it gets (the earliest free handler's next one), kept from the
 * schedule alone, never from when an answer actually went out.
 */
export function slotSchedule(handlers: number, serviceTimeMs: number): (now: number) => number {
  const freeAt = new Array<number>(handlers).fill(0);
  return (now) => {
    let h = 0;
    for (let i = 1; i < handlers; i++) if (freeAt[i] < freeAt[h]) h = i;
    const end = Math.max(now, freeAt[h]) + serviceTimeMs;
    freeAt[h] = end;
    return end;
  };
}
