import { describe, expect, it } from 'vitest';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario } from '../../app/scenario/schema';
import { workerExecArgv } from '../../main/engine/worker-flags';

const scenario = (name: string, target: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => {
  const base = findScenario(name)!;
  return parseScenario({ ...base, target: { ...(base.target as object), ...target }, ...extra });
};

describe('the Node flags of load workers', () => {
  it('give a scan or query worker a heap sized for its page, growing with the page and the value size', () => {
    const flags = workerExecArgv(scenario('aerospike-scan-noop'));
    expect(flags).toEqual(['--max-semi-space-size=4', '--max-old-space-size=51']);
    expect(workerExecArgv(scenario('aerospike-query-file'))).toEqual(flags);
    const old = (f: string[]) => Number(/--max-old-space-size=(\d+)/.exec(f.join(' '))![1]);
    expect(old(workerExecArgv(scenario('aerospike-scan-noop', { pageSize: 10_000 })))).toBeGreaterThan(old(flags));
    expect(old(workerExecArgv(scenario('aerospike-scan-noop', {}, { valueSize: 100_000 })))).toBeGreaterThan(old(flags));
  });

  it("leave Node's defaults to every other worker, and to a stream whose streamHeap is node", () => {
    expect(workerExecArgv(scenario('aerospike-scan-noop', { streamHeap: 'node' }))).toEqual([]);
    expect(workerExecArgv(scenario('aerospike-50-50'))).toEqual([]);
    expect(workerExecArgv(scenario('redis-mix'))).toEqual([]);
    expect(workerExecArgv(scenario('hazelcast-get'))).toEqual([]);
  });
});
