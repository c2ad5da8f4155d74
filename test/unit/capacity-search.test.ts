import { describe, expect, it } from 'vitest';
import { CAPACITY_PRECISION, CapacitySearch, FOLLOW_SHARE, MAX_CAPACITY_STEPS, type StepResult } from '../../app/capacity/search';
import { parseSlo, sloText, SloError } from '../../app/capacity/slo';

/** A server that keeps up, with p99 at its service time, to `capacity`; past it throughput stays there and p99 climbs. */
function simulated(capacity: number, serviceMs: number, sloMs: number) {
  return (rate: number): StepResult => {
    const achieved = Math.min(rate, capacity);
    const p99 = rate <= capacity ? serviceMs : serviceMs + (rate / capacity - 1) * 5000;
    return { rate, achieved, metSlo: p99 < sloMs, why: p99 < sloMs ? undefined : `p99 ${p99} ms > ${sloMs} ms` };
  };
}

function search(probe: number, step: (rate: number) => StepResult): CapacitySearch {
  const s = new CapacitySearch(probe);
  for (let rate = s.next(); rate !== undefined; rate = s.next()) s.record(step(rate));
  return s;
}

describe('the capacity search', () => {
  it('finds a capacity within its precision below it, in a bounded number of steps', () => {
    for (const [capacity, probe] of [
      [800, 900],
      [84_000, 100_000],
      [5_000, 5_200],
      [1_000, 4_000],
    ]) {
      const s = search(probe, simulated(capacity, 5, 20));
      const a = s.answer();
      expect(a.ended, `${capacity}`).toBe('edge found');
      expect(a.capacity!.rate).toBeLessThanOrEqual(capacity);
      expect(a.capacity!.rate).toBeGreaterThanOrEqual(capacity * (1 - CAPACITY_PRECISION));
      expect(a.failedAt!.rate).toBeGreaterThan(capacity);
      expect(s.steps.length).toBeLessThanOrEqual(MAX_CAPACITY_STEPS);
    }
  });

  it('rises past the probe when the open loop holds more than the closed one gave', () => {
    const s = search(1000, simulated(2000, 1, 10));
    expect(s.steps.map((x) => x.rate).slice(0, 6)).toEqual([500, 750, 900, 1000, 1250, 1563]);
    expect(s.answer().capacity!.rate).toBeGreaterThanOrEqual(1900);
  });

  it('counts a step whose throughput does not follow its rate as failed, even within the objective', () => {
    const s = search(1000, (rate) => ({ rate, achieved: Math.min(rate, 700), metSlo: true }));
    const c = s.answer().capacity!;
    // A step holds within FOLLOW_SHARE of its rate: the answer's figure is what it achieved, never more.
    expect(c.achieved).toBeLessThanOrEqual(700);
    expect(c.achieved).toBeGreaterThanOrEqual(700 * (1 - CAPACITY_PRECISION));
    expect(c.rate).toBeLessThanOrEqual(700 / FOLLOW_SHARE);
  });

  it('says nothing held when even the lowest rate breaks the objective, and stops', () => {
    const s = search(1000, (rate) => ({ rate, achieved: rate, metSlo: false, why: 'p99 9 ms > 2 ms' }));
    expect(s.answer()).toMatchObject({ capacity: null, ended: 'nothing held' });
    expect(s.steps.length).toBeLessThanOrEqual(MAX_CAPACITY_STEPS);
  });
});

describe('--slo', () => {
  it('reads latency ceilings in us, ms or s and an error share', () => {
    expect(parseSlo('p99<2ms,errors<0.1%')).toEqual({ p99Ms: 2, errorRate: 0.001 });
    expect(parseSlo('p99.9 < 500us, p99<1s')).toEqual({ p999Ms: 0.5, p99Ms: 1000 });
    expect(sloText(parseSlo('p99<2ms,errors<0.1%'))).toBe('p99 < 2 ms, errors < 0.1 %');
  });

  it('refuses what it cannot read, naming the condition', () => {
    expect(() => parseSlo('')).toThrow(SloError);
    expect(() => parseSlo('p99<2')).toThrow(/"p99<2" is not a condition/);
    expect(() => parseSlo('p95<2ms')).toThrow(/"p95<2ms" is not a condition/);
    expect(() => parseSlo('errors<200%')).toThrow(/errorRate/);
  });
});
