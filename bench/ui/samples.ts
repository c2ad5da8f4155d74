import { MIB } from '../../app/report/numbers';
import type { LatencyStats } from '../../app/metrics/histogram';
import type { NodeSample } from '../../app/metrics/node-stats';
import type { WorkerSample } from '../../app/metrics/sample';
import type { LiveSample, RunInfo } from '../../app/protocol/bridge';
import { parseScenario } from '../../app/scenario/schema';

/**
 * A synthetic run shaped like what main sends for the kv-cluster scenario:
 * 8 workers, 2 server nodes, get and put. Numbers drift, wobble and spike the
 * way a real hour does, so the charts redraw real-looking lines (a constant
 * series would let recharts and the downsampler take cheap paths).
 */
const WORKERS = 8;
const NODES = ['node-1', 'node-2'] as const;
const WARMUP_SECONDS = 10;
const READ_SHARE = 0.75; // readsPerWrite 3, the seed benchmark's cycle
const BASE_OPS_PER_SEC = 42_000;
const DRIFT_PERIOD_S = 900; // a slow quarter-hour swell, like a compaction cycle
const SPIKE_EVERY_S = 97; // a latency spike now and then (GC pause, fsync)
const BASE_P50_US = 850;
/** Every percentile as a multiple of p50, the tail stretched by a spike: a typical closed-loop HTTP shape. */
const LATENCY_SHAPE = { min: 0.18, mean: 1.15, p90: 1.9, p95: 2.4, p99: 4.6, p999: 9.5, max: 21 };
const PUT_SLOWER = 1.4; // a put writes a file, a get reads a cached one
const JITTER = 0.07; // ±7% second to second
const SWELL = 0.12; // ±12% over the drift period
const SPIKE = [3, 4]; // base, random range: a spike multiplies the tail by 3..7 and cuts throughput
const SPIKE_THROUGHPUT_CUT = 1.6;
const ERROR_CHANCE = 0.02; // a second with a few write errors now and then
const MAX_ERRORS = 20;
const MAX_SPIKE_TIMEOUTS = 10;
const NOT_FOUND_SHARE = 0.01;
const NODE_SHARES = [0.52, 0.48]; // a slightly uneven key spread
const ELU = [0.55, 0.25]; // base, random range: busy but below the saturation warning
const CPU = [0.6, 0.3];
const BASE_RSS = 70 * MIB;
const RSS_GROWTH_PER_S = 2_000; // a slow client-side creep the memory chart shows
const BASE_HEAP = 20 * MIB;
const HEAP_RANGE = 8 * MIB;
const EXTERNAL = 2 * MIB;
const NODE_BASE_MEMORY = 120 * MIB;
const NODE_MEMORY_GROWTH_PER_S = 5_000;
const FIRST_NODE_PORT = 40001;
const NODE_RSS_OVER_DATA = 1.3; // the server process holds more than its data
/** A node's own time per operation, as Redis's LATENCY HISTOGRAM reports it: power-of-2 buckets in µs. */
const SERVER_BUCKETS_US = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048];
const SERVER_BUCKET_SHARES = [0.02, 0.18, 0.4, 0.25, 0.1, 0.03, 0.012, 0.005, 0.002, 0.0007, 0.0002, 0.0001];
const SERVER_MEAN_US = 5;
const VALUE_ELEMENTS = 2000; // builtin-kv's value is a JSON array of this many numbers
const BYTES_PER_ELEMENT = 4;
const START_AT = Date.UTC(2025, 0, 1, 12, 0, 0);
const MS_PER_S = 1000;
const SEED = 0x9e3779b9;

/** Small deterministic generator (xorshift32): the same run every time, so results compare. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x1_0000_0000;
  };
}

function latency(count: number, p50: number, spike: number): LatencyStats {
  return {
    count,
    min: Math.round(p50 * LATENCY_SHAPE.min),
    mean: Math.round(p50 * LATENCY_SHAPE.mean),
    p50: Math.round(p50),
    p90: Math.round(p50 * LATENCY_SHAPE.p90),
    p95: Math.round(p50 * LATENCY_SHAPE.p95),
    p99: Math.round(p50 * LATENCY_SHAPE.p99 * spike),
    p999: Math.round(p50 * LATENCY_SHAPE.p999 * spike),
    max: Math.round(p50 * LATENCY_SHAPE.max * spike),
  };
}

export function runInfo(runId: string, totalSeconds: number): RunInfo {
  const scenario = parseScenario({
    name: 'kv-cluster',
    target: { kind: 'builtin-kv', mode: 'cluster', servers: NODES.length },
    readsPerWrite: 3,
    workers: WORKERS,
    warmupSeconds: WARMUP_SECONDS,
    durationSeconds: totalSeconds - WARMUP_SECONDS,
  });
  return { runId, scenario, warmupSeconds: WARMUP_SECONDS, runSeconds: totalSeconds - WARMUP_SECONDS, startedAt: START_AT };
}

/** `count` merged seconds from second 0, as main would have pushed them. */
export function makeSamples(count: number): LiveSample[] {
  const rnd = random(SEED);
  const out: LiveSample[] = [];
  for (let second = 0; second < count; second++) {
    const jitter = (): number => 1 - JITTER + 2 * JITTER * rnd();
    const swell = 1 + SWELL * Math.sin((2 * Math.PI * second) / DRIFT_PERIOD_S);
    const warm = second < WARMUP_SECONDS ? (second + 1) / WARMUP_SECONDS : 1; // ramping up in warm-up
    const spike = second % SPIKE_EVERY_S === 0 ? SPIKE[0] + SPIKE[1] * rnd() : 1;
    const total = Math.round((BASE_OPS_PER_SEC * swell * warm * jitter()) / (spike > 1 ? SPIKE_THROUGHPUT_CUT : 1));
    const reads = Math.round(total * READ_SHARE);
    const writes = total - reads;
    const p50 = (BASE_P50_US / swell) * jitter();
    const errors = rnd() < ERROR_CHANCE ? Math.ceil(rnd() * MAX_ERRORS) : 0;
    const timeouts = spike > 1 ? Math.ceil(rnd() * MAX_SPIKE_TIMEOUTS) : 0;
    const notFound = Math.round(reads * NOT_FOUND_SHARE * rnd());
    const op = (count: number, errors: number, timeouts: number, notFound: number, slower: number) => ({
      count,
      errors,
      timeouts,
      notFound,
      latency: latency(count, p50 * slower, spike),
    });
    const workers: WorkerSample[] = Array.from({ length: WORKERS }, (_, id) => ({
      id,
      mem: {
        rss: Math.round(BASE_RSS + id * MIB + second * RSS_GROWTH_PER_S + rnd() * MIB),
        heapUsed: Math.round(BASE_HEAP + rnd() * HEAP_RANGE),
        external: EXTERNAL,
      },
      elu: ELU[0] + ELU[1] * rnd(),
      cpu: CPU[0] + CPU[1] * rnd(),
      inFlight: 1,
      backlog: 0,
    }));
    const nodes: NodeSample[] = NODES.map((id, i) => {
      const share = NODE_SHARES[i];
      const memory = Math.round(NODE_BASE_MEMORY + second * NODE_MEMORY_GROWTH_PER_S * (i + 1));
      return {
        id,
        address: `127.0.0.1:${FIRST_NODE_PORT + i}`,
        rates: {
          'read.success': Math.round(reads * share) - Math.round(notFound * share),
          'read.notFound': Math.round(notFound * share),
          'write.success': Math.round(writes * share),
          'write.error': Math.round(errors * share),
          'write.timeout': Math.round(timeouts * share),
          ...serverLatency('read', Math.round(reads * share)),
          ...serverLatency('write', Math.round(writes * share)),
        },
        memory,
        rss: Math.round(memory * NODE_RSS_OVER_DATA),
      };
    });
    out.push({
      second,
      phase: second < WARMUP_SECONDS ? 'warmup' : 'run',
      at: START_AT + (second + 1) * MS_PER_S,
      ops: { get: op(reads, 0, 0, notFound, 1), put: op(writes, errors, timeouts, 0, PUT_SLOWER) },
      totals: { count: total, errors, timeouts, notFound },
      latency: latency(total, p50 * (READ_SHARE + (1 - READ_SHARE) * PUT_SLOWER), spike),
      bytesIn: reads * VALUE_ELEMENTS * BYTES_PER_ELEMENT,
      bytesOut: writes * VALUE_ELEMENTS * BYTES_PER_ELEMENT,
      workers,
      nodes,
    });
  }
  return out;
}

/** One second of a node's server-latency counters for `n` operations of a class (app/metrics/server-latency.ts). */
function serverLatency(cls: 'read' | 'write', n: number): Record<string, number> {
  const out: Record<string, number> = { [`latency.${cls}.n`]: n, [`latency.${cls}.us`]: n * SERVER_MEAN_US };
  SERVER_BUCKETS_US.forEach((upper, i) => (out[`latency.${cls}.b${upper}`] = Math.round(n * SERVER_BUCKET_SHARES[i])));
  return out;
}
