import { afterEach, describe, expect, it, vi } from 'vitest';
import { closedLoop, live } from '../../bench/closed-loop';
import { LatencyCounts } from '../../workers/load/latency-counts';

const ANSWER_MS = 5;
/** Timers may fire up to a millisecond early of their nominal delay's end in rounded clocks. */
const ANSWER_FLOOR_US = (ANSWER_MS - 1) * 1000;

/** Every latency the loop counts, in µs, in order. */
function spyLatencies(): number[] {
  const seen: number[] = [];
  vi.spyOn(LatencyCounts.prototype, 'record').mockImplementation((us: number) => void seen.push(us));
  return seen;
}

const later = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, ANSWER_MS));

describe('the floor: the bare loop measuring each answer (measured-loop.ts)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    live.ops = 0;
    live.errors = 0;
  });

  it('counts each answer once, with a latency from its own start', async () => {
    const seen = spyLatencies();
    const r = await closedLoop({ inFlight: 4, warmupSeconds: 0, durationSeconds: 60, maxOps: 40, measure: true }, later);
    expect(r.data.ops).toBe(40);
    expect(seen).toHaveLength(40);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(ANSWER_FLOOR_US);
    // Four lanes, each waiting for its own answer: no latency spans two operations.
    expect(Math.max(...seen)).toBeLessThan(ANSWER_MS * 1000 * 10);
  });

  it('measures an answered rejection (a missing key) and not a failure, which is counted and replaced', async () => {
    const seen = spyLatencies();
    let i = 0;
    const issue = (): Promise<void> => {
      const k = i++ % 3;
      if (k === 0) return Promise.reject(new Error('refused'));
      if (k === 1) return Promise.reject(Object.assign(new Error('missing'), { missing: true }));
      return later();
    };
    const r = await closedLoop(
      { inFlight: 2, warmupSeconds: 0, durationSeconds: 60, maxOps: 30, measure: true },
      issue,
      (err) => (err as { missing?: boolean }).missing === true,
    );
    expect(r.data).toMatchObject({ ops: 20, errors: 10 });
    expect(seen).toHaveLength(20);
  });

  it('ends early when stopped, and the plain loop measures nothing', async () => {
    const seen = spyLatencies();
    const running = closedLoop({ inFlight: 2, warmupSeconds: 0, durationSeconds: 600, measure: true }, later);
    await new Promise((resolve) => setTimeout(resolve, 60));
    live.stop();
    const r = await running;
    expect(r.data.ops).toBeGreaterThan(0);
    expect(seen.length).toBe(r.data.ops);
    seen.length = 0;
    const plain = await closedLoop({ inFlight: 2, warmupSeconds: 0, durationSeconds: 60, maxOps: 10 }, later);
    expect(plain.data.ops).toBe(10);
    expect(seen).toHaveLength(0);
  });
});
