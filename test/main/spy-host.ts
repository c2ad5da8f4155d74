import { vi } from 'vitest';
import type { CompareView, PushChannel, Pushes, RunListItem } from '../../app/protocol/bridge';
import type { PushListener } from '../../main/engine/run-controller';
import type { BridgeHost } from '../../main/serve/bridge-host';

/** A host whose handlers are spies and whose pushes the test emits. */
export function spyHost() {
  const listeners = new Set<PushListener>();
  const host = {
    listScenarios: vi.fn(async () => []),
    localTools: vi.fn(async () => ({ redis: { available: true, detail: 'x' }, hazelcast: { available: false, detail: 'y' } })),
    listRuntimes: vi.fn(async () => [{ value: 'system', label: 'system (node on PATH)' }]),
    installRuntime: vi.fn(async () => ({ ok: false as const, message: 'not in this test' })),
    listClients: vi.fn(async () => [{ pkg: 'ioredis' as const, version: '5.11.1', bundled: true }]),
    installClient: vi.fn(async () => ({ ok: false as const, message: 'not in this test' })),
    listAgents: vi.fn(async () => ({ nats: null, agents: [] })),
    validateScenario: vi.fn(async () => ({ ok: true as const })),
    startRun: vi.fn(async () => ({ ok: true as const, runId: 'x' })),
    startCapacity: vi.fn(async () => ({ ok: true as const, runId: 'x' })),
    stopRun: vi.fn(async () => ({ ok: true })),
    getState: vi.fn(async () => ({ run: null, phase: 'idle' as const, samples: [], logs: [], summary: null, file: null })),
    listRuns: vi.fn(async () => []),
    openRun: vi.fn(async () => ({ run: null, phase: 'idle' as const, samples: [], logs: [], summary: null, file: null })),
    labelRun: vi.fn(async () => ({ ok: true as const })),
    deleteRun: vi.fn(async () => ({ ok: true as const })),
    importRun: vi.fn(async (): Promise<RunListItem> => {
      throw new Error('not in this test');
    }),
    savedScenarios: vi.fn(async () => ({ scenarios: [], problems: [] })),
    saveScenario: vi.fn(async () => ({ ok: true as const, list: { scenarios: [], problems: [] } })),
    renameScenario: vi.fn(async () => ({ ok: true as const, list: { scenarios: [], problems: [] } })),
    deleteScenario: vi.fn(async () => ({ scenarios: [], problems: [] })),
    importScenario: vi.fn(async () => ({ ok: true as const, list: { scenarios: [], problems: [] } })),
    compareRuns: vi.fn(async (): Promise<CompareView> => {
      throw new Error('not in this test');
    }),
    exportFile: vi.fn(async () => ({ name: 'x.csv', mime: 'text/csv', text: '' })),
    subscribe(l: PushListener) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    emit<P extends PushChannel>(channel: P, data: Pushes[P]) {
      for (const l of listeners) l(channel, data);
    },
  };
  return host satisfies BridgeHost;
}
