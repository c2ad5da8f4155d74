import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../app/scenario/schema';
import { crowdingWarnings, MAX_WORKERS_PER_CORE, workerConnectTimeoutMs } from '../../main/engine/wait-workers';

describe('many workers', () => {
  it('get more time to connect the more there are', () => {
    const of = (workers: number) => workerConnectTimeoutMs(parseScenario({ target: { kind: 'redis' }, workers }));
    expect(of(64)).toBeGreaterThan(of(1));
    expect(of(2)).toBeGreaterThan(of(1));
  });

  it(`warn over ${MAX_WORKERS_PER_CORE} per core, not at or under`, () => {
    expect(crowdingWarnings(64, 2)).toHaveLength(1);
    expect(crowdingWarnings(64, 2)[0]).toMatch(/64 workers on 2 core/);
    expect(crowdingWarnings(2 * MAX_WORKERS_PER_CORE, 2)).toEqual([]);
    expect(crowdingWarnings(1, 1)).toEqual([]);
  });
});
