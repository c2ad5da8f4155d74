import { describe, expect, it } from 'vitest';
import { clockOffset } from '../../app/host/clock-offset';
import { placeRows } from '../../app/metrics/places';
import { placedWorkers, resolvePlacement } from '../../app/scenario/placement';
import { validateScenario } from '../../app/scenario/schema';

describe('placement: workers here and on agents', () => {
  it('names every agent "*" stands for, leaving the named ones as given', () => {
    const r = resolvePlacement({ local: 2, agents: { a1: 3, '*': 1 } }, ['a1', 'b', 'c']);
    expect(r).toEqual({
      local: 2,
      agents: [
        ['a1', 3],
        ['b', 1],
        ['c', 1],
      ],
    });
    expect(placedWorkers(r as Exclude<typeof r, string>)).toBe(7);
  });

  it('refuses a named agent that is not up, and a placement with no worker anywhere', () => {
    expect(resolvePlacement({ local: 1, agents: { a1: 1, a9: 2 } }, ['a1'])).toBe(
      'placement: agent a9 is not up or in another run (free: a1)',
    );
    expect(resolvePlacement({ local: 0, agents: { '*': 1 } }, [])).toBe(
      'placement: no worker anywhere (local is 0 and no agent is up for "*")',
    );
  });

  it('is validated with the scenario: agent names are subject tokens, and agents need a target they can reach', () => {
    const bad = validateScenario({ target: { kind: 'redis' }, placement: { agents: { 'a.b': 1 } } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors[0].field).toBe('placement.agents.a.b');
    const local = validateScenario({ target: { kind: 'redis', localCluster: 3 }, placement: { local: 1, agents: { '*': 1 } } });
    expect(!local.ok && local.errors[0]).toMatchObject({
      field: 'placement.agents',
      reason: expect.stringMatching(/agents cannot reach a redis target kvscope starts/),
    });
    expect(validateScenario({ target: { kind: 'redis' }, placement: { local: 1, agents: { '*': 2 } } }).ok).toBe(true);
  });
});

describe('clock offset by request and reply', () => {
  it('takes the sample with the smallest round trip: its answer was read nearest the middle', () => {
    // The asker's clock runs 2,000 ms ahead; the quick sample (4 ms) decides, not the slow one (40 ms) with its skewed answer.
    const samples = [
      { sentAt: 10_000, theirNow: 8_030, receivedAt: 10_040 },
      { sentAt: 11_000, theirNow: 9_002, receivedAt: 11_004 },
    ];
    expect(clockOffset(samples)).toEqual({ offsetMs: 2_000, rttMs: 4 });
    expect(() => clockOffset([])).toThrow('no clock samples');
  });
});

describe('a second by load generator', () => {
  const w = (id: number, count: number, place?: string) => ({
    id,
    count,
    cpu: 0.5,
    elu: id / 10,
    inFlight: 0,
    backlog: 0,
    mem: { rss: 100, heapUsed: 0, external: 0 },
    ...(place ? { place } : {}),
  });
  it('adds up each place’s workers, this machine first, the busiest loop kept', () => {
    expect(placeRows([w(2, 30, 'agent b'), w(0, 10), w(1, 20, 'agent a'), w(3, 40, 'agent a')])).toEqual([
      { place: 'this machine', workers: 1, ops: 10, cpu: 0.5, eluMax: 0, rss: 100 },
      { place: 'agent a', workers: 2, ops: 60, cpu: 1, eluMax: 0.3, rss: 200 },
      { place: 'agent b', workers: 1, ops: 30, cpu: 0.5, eluMax: 0.2, rss: 100 },
    ]);
  });
});
