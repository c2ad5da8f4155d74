import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { MachineCpu } from '../../main/engine/machine-cpu';

describe("the machine's CPU per run second", () => {
  it('is read once a second has ended, each missed second given the reading, and handed out once', () => {
    const t0 = Date.now();
    const m = new MachineCpu(t0);
    m.mark(t0 + 500);
    expect(m.take(0)).toBeUndefined();
    // Keep a core busy so the share is above zero.
    const until = Date.now() + 50;
    while (Date.now() < until);
    m.mark(t0 + 3_100);
    const one = m.take(1);
    expect(one?.cores).toBe(availableParallelism());
    expect(one?.cpu).toBeGreaterThan(0);
    expect(one?.cpu).toBeLessThanOrEqual(1);
    expect(m.take(2)?.cpu).toBe(one?.cpu);
    // Samples come in order: second 0, left behind, went with the later take.
    expect(m.take(0)).toBeUndefined();
    expect(m.take(2)).toBeUndefined();
    // Nothing new until another second has ended.
    m.mark(t0 + 3_900);
    expect(m.take(3)).toBeUndefined();
  });
});
