import { describe, expect, it } from 'vitest';
import { nodeTotals } from '../../app/metrics/node-stats';
import { installClient } from '../../main/config/client-cache';
import { runScenario, waitGone } from '../helpers/run';

/** The client is installed once from the npm registry; a member JVM starts in about 5 s; the run and its stop come on top. */
const TEST_TIMEOUT_MS = 240_000;
const RUN_SECONDS = 3;
const STOP_WAIT_MS = 15_000;

/** Each client generation against the member kvscope starts for it (app/scenario/hazelcast-generation.ts). */
const GENERATIONS = [
  { client: '0.10.0', member: '3.12.13' },
  { client: '3.12.3', member: '3.12.13' },
  { client: '4.0.2', member: '4.0.3' },
  { client: '4.1.0', member: '4.2.8' },
] as const;

describe('hazelcast clients of each generation, each against a local member of its own generation', () => {
  for (const { client, member } of GENERATIONS) {
    it(
      `runs hazelcast-client@${client} against a Hazelcast ${member} member: operations counted by the client and by the member, no errors, every process stopped`,
      { timeout: TEST_TIMEOUT_MS },
      async () => {
        await installClient({ pkg: 'hazelcast-client', version: client }, () => undefined);
        let pids: number[] = [];
        const { summary, samples, logs } = await runScenario(
          {
            name: `hazelcast-${client}`,
            target: { kind: 'hazelcast', localMembers: 1, client: `hazelcast-client@${client}`, prefill: 50 },
            mix: { get: 1, set: 1, remove: 1 },
            keySpace: 100,
            keyLength: 8,
            valueSize: 64,
            inFlight: 8,
            warmupSeconds: 0,
            durationSeconds: RUN_SECONDS,
          },
          (r) => void (pids.length === 0 && (pids = [...r.localClusterPids, ...r.workerPids])),
        );
        const said = logs.map((l) => `${l.source} ${l.level}: ${l.message}`).join('\n');
        expect(summary.status, said).toBe('done');
        expect(
          logs.some((l) => l.message.startsWith(`1 Hazelcast ${member} member(s) from `)),
          said,
        ).toBe(true);
        expect(summary.total.ops).toBeGreaterThan(0);
        expect(summary.total.errors + summary.total.timeouts + (summary.total.unavailable ?? 0), said).toBe(0);
        // The member's own IMap statistics (its JMX exporter), not the client's attribution of what it sent.
        const own = samples.flatMap((s) => s.nodes).map((n) => n.rates);
        const answered = own.reduce((a, r) => a + (r['read.success'] ?? 0) + (r['write.success'] ?? 0), 0);
        expect(answered, said).toBeGreaterThan(0);
        expect(own.reduce((a, r) => a + nodeTotals(r).errors, 0)).toBe(0);
        expect(pids.length).toBeGreaterThan(1);
        expect(await waitGone(pids, STOP_WAIT_MS)).toEqual([]);
      },
    );
  }
});
