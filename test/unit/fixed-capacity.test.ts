import { describe, expect, it } from 'vitest';
import { fixedCapacityStore, slotSchedule } from '../../workers/targets/fixed-capacity';

/** Node may fire a timer up to a millisecond before performance.now() says it is due (it rounds to the loop's clock). */
const EARLY_MS = 1.5;

describe('the fixed-capacity store', () => {
  it('never answers faster than handlers x 1000 / serviceTimeMs a second, and queues what finds no handler free', async () => {
    const [handlers, serviceMs, n] = [2, 20, 20];
    const store = fixedCapacityStore(handlers, serviceMs);
    const t0 = performance.now();
    const ends = await Promise.all(
      Array.from({ length: n }, (_, i) => store.put(`k${i}`, Buffer.from('v')).then(() => performance.now() - t0)),
    );
    ends.sort((a, b) => a - b);
    // The k-th answer waits for its slot: floor(k / handlers) slots before it, then its own.
    ends.forEach((end, k) => expect(end, `answer ${k}`).toBeGreaterThanOrEqual((Math.floor(k / handlers) + 1) * serviceMs - EARLY_MS));
    expect(await store.get('k3')).toEqual(Buffer.from('v'));
    expect(await store.get('nope')).toBeUndefined();
  });

  it('keeps its schedule from arrivals alone: a burst is served slot after slot, an idle handler starts at once', () => {
    const slot = slotSchedule(2, 10);
    // Six at once on two handlers: three slots each.
    expect(Array.from({ length: 6 }, () => slot(0))).toEqual([10, 10, 20, 20, 30, 30]);
    // Arriving at 35, after the burst: both handlers are free, so it ends one service time later.
    expect(slot(35)).toBe(45);
    expect(slot(36)).toBe(46);
    // A queue behind a busy handler: the next free slot, not the arrival time.
    expect(slot(37)).toBe(55);
  });
});
