import { describe, expect, it } from 'vitest';
import { mergeTicks } from '../../app/metrics/merge-ticks';
import { summarize } from '../../app/metrics/summary';
import { parseScenario } from '../../app/scenario/schema';
import { liveLine } from '../../main/cli/live-line';
import { loadShape, summaryTable } from '../../main/cli/summary-table';
import { tick } from './helpers';

const scenario = parseScenario({ target: { kind: 'redis' }, warmupSeconds: 0, durationSeconds: 3 });
const AT = Date.UTC(2026, 10, 23);

describe('the terminal views during an outage', () => {
  const up = mergeTicks(0, 'run', AT, [tick(0, 0, { get: { values: [100, 120, 140] } })]);
  const down = mergeTicks(1, 'run', AT + 1000, [
    tick(0, 1, { get: { values: [], unavailable: 32 } }),
    tick(1, 1, { get: { values: [], unavailable: 30 } }),
  ]);

  it('the live line names unavailable operations while the server is down, and says nothing of them otherwise', () => {
    expect(liveLine(down, scenario)).toContain('unavailable/s 62');
    expect(liveLine(up, scenario)).not.toContain('unavailable');
  });

  it('the live line shows a few µs of latency in µs, not 0.00 ms', () => {
    const fast = mergeTicks(0, 'run', AT, [tick(0, 0, { get: { values: [3, 4, 4] } })]);
    expect(liveLine(fast, scenario)).toMatch(/p50 +4\.0 us +p99 +4\.0 us/);
    expect(liveLine(up, scenario)).toMatch(/p50 +120 us +p99 +140 us/);
  });

  it('the live line names each node that is not up, and its state', () => {
    const node = (id: string, state?: 'down' | 'leaving') => ({ id, address: id, rates: {}, ...(state ? { state } : {}) });
    expect(liveLine({ ...up, nodes: [node('a'), node('b', 'down'), node('c', 'leaving')] }, scenario)).toContain(
      'nodes: b down, c leaving',
    );
    expect(liveLine({ ...up, nodes: [node('a')] }, scenario)).not.toContain('nodes:');
  });

  it('the summary table has an unavailable column with the run total', () => {
    const text = summaryTable(summarize([up, down], 'done'));
    const header = text.split('\n').find((l) => l.startsWith('op '));
    expect(header).toMatch(/unavail\.$/);
    const get = text.split('\n').find((l) => l.startsWith('get '));
    expect(get?.trim().split(/\s+/).pop()).toBe('62');
  });
});

describe('the summary names how keys and values were drawn', () => {
  it('for a skewed key choice or drawn value sizes, and says nothing for the plain ones', () => {
    const plain = parseScenario({ target: { kind: 'redis' } });
    expect(loadShape(plain)).toBe('');
    expect(loadShape(parseScenario({ target: { kind: 'redis' }, keyDistribution: { kind: 'uniform' } }))).toBe('');
    const skewed = parseScenario({
      target: { kind: 'redis' },
      keySpace: 100_000,
      keyDistribution: { kind: 'zipfian' },
      valueSizes: { kind: 'uniform', min: 100, max: 4096 },
    });
    expect(loadShape(skewed)).toBe('keys zipfian 0.99 over 100,000; values uniform 100 to 4096 B');
  });
});
