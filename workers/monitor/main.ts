import { ToTargetSchema } from '../../app/protocol/target';
import { parseSeedHosts } from '../../app/scenario/aerospike-target';
import { TargetSchema } from '../../app/scenario/targets';
import { runChild } from '../child-entry';
import { errorMessage } from '../../app/error-message';
import { logToMain, sendToMain } from '../targets/ipc';
import type { Poller } from './poller';
import { everyWholeSecond } from '../../app/host/whole-seconds';
import { kvscopeConfigDir } from '../../app/host/kvscope-dirs';
import { promMapFor } from '../../app/metrics/prom-maps';
import { join } from 'node:path';

const HTTP_PORT = 80;
const HTTPS_PORT = 443;

/**
 * Entry of the cluster monitor, forked by main for targets with server-side
 * statistics of their own (Aerospike, Redis, and any target whose nodes
 * have Prometheus endpoints). Same protocol as a built-in
 * target: 'start' -> a first 'node-stats' (the baseline, before any load)
 * and 'ready' (or 'fatal'), then 'node-stats' on every whole second of the
 * clock (the edges of the run's seconds) with each node's cumulative counters
 * and the time they were read, and at once on 'poll' (main's last reading after the
 * load), until 'stop'. It never outlives main.
 */
let poller: Poller | undefined;
let seed: { host: string; port: number } | undefined;
let stopPolling: (() => void) | undefined;
let polling: Promise<void> | undefined;

// A poller holds no servers: every stop is immediate, even during a slow connect.
const child = runChild({
  name: 'monitor',
  schema: ToTargetSchema,
  onMessage(m) {
    switch (m.type) {
      case 'start':
        return child.start(() => start(m.data.target), announce);
      case 'poll':
        return void pollNow();
      case 'stop':
        return child.stop('message');
      default: {
        const unknown: never = m;
        logToMain('warn', `monitor ignored a message of unknown type ${(unknown as { type: string }).type}`);
      }
    }
  },
  stop: halt,
  cleanup: halt,
});

async function start(raw: unknown): Promise<void> {
  const parsed = TargetSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`monitor: bad target: ${parsed.error.message}`);
  const t = parsed.data;
  const log = (level: 'info' | 'warn', message: string): void => logToMain(level, message);
  // Each poller loads its client library only when its kind is monitored (the
  // aerospike binding, say, need not load on a machine that only runs Redis).
  if ('metricsUrls' in t && t.metricsUrls.length > 0) {
    // The nodes' own Prometheus endpoints, where the scenario lists them (a Hazelcast member's exporter, a redis_exporter).
    const { PrometheusPoller } = require('./prometheus-poller') as typeof import('./prometheus-poller');
    const kind = t.metricsMap ?? t.kind;
    const dir = kvscopeConfigDir();
    const map = promMapFor(kind, dir, (m) => log('warn', m));
    if (!map) throw new Error(`no metrics map "${kind}": add ${join(dir, 'metrics-maps', `${kind}.json`)} (docs/scenarios.md)`);
    // `${setting}` in a map's labels: the target's text settings (the IMap's name, say).
    const vars = Object.fromEntries(Object.entries(t).filter((e): e is [string, string] => typeof e[1] === 'string'));
    poller = new PrometheusPoller(t.metricsUrls, map, vars, log);
    const first = new URL(t.metricsUrls[0]);
    seed = { host: first.hostname, port: Number(first.port) || (first.protocol === 'https:' ? HTTPS_PORT : HTTP_PORT) };
  } else if (t.kind === 'aerospike') {
    const { AerospikePoller } = require('./aerospike-poller') as typeof import('./aerospike-poller');
    poller = new AerospikePoller(t, log);
    const s = parseSeedHosts(t.hosts)[0];
    seed = { host: s.addr, port: s.port };
  } else if (t.kind === 'redis') {
    const { RedisPoller } = require('./redis-poller') as typeof import('./redis-poller');
    poller = new RedisPoller(t, log);
    seed = { host: t.host, port: t.port };
  } else throw new Error(`monitor: ${t.kind} targets have no monitor`);
  await poller.connect();
  await tick();
}

function announce(): void {
  if (seed) sendToMain({ type: 'ready', data: { host: seed.host, port: seed.port, pids: [process.pid] } });
  stopPolling = everyWholeSecond(() => void tick());
}

/** One poll at a time: a slow cluster skips a second rather than piling polls up. */
function tick(): Promise<void> {
  if (polling || !poller) return polling ?? Promise.resolve();
  polling = poller
    .poll()
    .then((nodes) => sendToMain({ type: 'node-stats', data: { nodes } }))
    .catch((err) => logToMain('warn', `monitor poll failed: ${errorMessage(err)}`))
    .finally(() => (polling = undefined));
  return polling;
}

/** Main's last reading: after a poll under way, one more that sees everything up to now. */
async function pollNow(): Promise<void> {
  await polling;
  await tick();
}

function halt(): void {
  stopPolling?.();
  poller?.close();
}
