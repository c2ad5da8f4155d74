import { describe, expect, it } from 'vitest';
import { NodeSeconds } from '../../app/metrics/node-seconds';

const T0 = 5_000_000;

describe('NodeSeconds', () => {
  it('spreads an interval over the seconds it covers, in proportion to the time in each', () => {
    const n = new NodeSeconds(T0);
    n.add(T0 + 500, { r: 0 });
    n.add(T0 + 2500, { r: 2000 }); // half a second in 0, all of 1, half of 2
    expect(n.take(0)).toEqual({ r: 500 });
    expect(n.take(1)).toEqual({ r: 1000 });
    expect(n.take(2)).toEqual({ r: 500 });
    expect(n.take(3)).toEqual({ r: 0 });
  });

  it('gives whole operations that add up exactly, however the readings fall', () => {
    const n = new NodeSeconds(T0);
    n.add(T0 - 123, { r: 0, w: 0 });
    let r = 0;
    let w = 0;
    let shown = 0;
    let at = T0 - 123;
    for (let i = 1; i <= 40; i++) {
      at += 317 + ((i * 37) % 400); // uneven gaps, some spanning an edge, some two
      r += 7 * i + 1;
      w += i % 3;
      n.add(at, { r, w });
      if (i % 4 === 0) {
        const k = Math.floor((at - T0) / 1000) - 1;
        const c = n.take(k);
        expect(Number.isInteger(c.r) && Number.isInteger(c.w)).toBe(true);
        shown += c.r + c.w;
      }
    }
    const rest = n.take(0, true);
    shown += rest.r + rest.w;
    expect(shown).toBe(r + w);
  });

  it('takes late counts of an earlier second with the next second taken', () => {
    const n = new NodeSeconds(T0);
    n.add(T0, { r: 0 });
    expect(n.take(0)).toEqual({ r: 0 });
    n.add(T0 + 1000, { r: 40 }); // second 0's reading came after second 0 was taken
    n.add(T0 + 2000, { r: 100 });
    expect(n.take(1)).toEqual({ r: 100 });
  });

  it('counts what a restarted node counted since its restart, and ignores a reading older than the last', () => {
    const n = new NodeSeconds(T0);
    n.add(T0, { r: 500 });
    n.add(T0 + 1000, { r: 20 });
    n.add(T0 + 900, { r: 9999 });
    n.add(T0 + 2000, { r: 50 });
    expect(n.take(0)).toEqual({ r: 20 });
    expect(n.take(1)).toEqual({ r: 30 });
    expect(n.readAt).toBe(T0 + 2000);
  });
  it('counts a counter first reported after the baseline from 0 (an IMap created by the run), and one missing from a single reading once', () => {
    const n = new NodeSeconds(T0);
    n.add(T0 - 300, { rss: 7 }); // the baseline: the map does not exist yet
    n.add(T0 + 1200, { rss: 7, 'read.success': 900 }); // the first reading that has it came late
    n.add(T0 + 2000, { rss: 7 }); // a page without it
    n.add(T0 + 3000, { rss: 7, 'read.success': 1500 });
    const all = [0, 1, 2].map((k) => n.take(k)['read.success']);
    expect(all.reduce((a, b) => a + b, 0)).toBe(1500);
    expect(all[0]).toBeGreaterThan(0);
    expect(all[2]).toBe(600);
  });
});
