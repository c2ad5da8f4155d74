import { createServer } from 'node:http';
import { KV_WORKER_CONFIG_ENV, KvWorkerConfigSchema, type FromKvWorker } from './cluster-messages';
import { KV_COUNTERS, newCounters, nodeSnapshot } from './counters';
import { errorMessage } from '../../app/error-message';
import { kvHandler } from './kv-handler';
import { syncStore } from './kv-store';
import { listen } from './listen';
import { startStatsReporter } from './stats-reporter';

/**
 * Entry of one cluster worker of the KV server (the primary sets it as
 * cluster's exec). It serves with synchronous file I/O and reports its
 * counters to the primary, never to main directly.
 */

// Ctrl-C reaches the whole process group; the primary decides when workers stop.
process.on('SIGINT', () => {});
// Without the primary nobody would ever stop this worker: never outlive it.
process.on('disconnect', () => process.exit(0));

function toPrimary(m: FromKvWorker, done?: () => void): void {
  if (!process.send || !process.connected) return void done?.();
  process.send(m, undefined, {}, () => done?.());
}

function fail(message: string): void {
  // The primary ends this worker once it has the message; exiting here could
  // let the exit overtake the message. Disconnect still ends it if the primary is gone.
  toPrimary({ type: 'fatal', data: { message } });
}

async function main(): Promise<void> {
  const raw = process.env[KV_WORKER_CONFIG_ENV];
  const parsed = KvWorkerConfigSchema.safeParse(raw === undefined ? undefined : JSON.parse(raw));
  if (!parsed.success) return fail(`bad worker settings in ${KV_WORKER_CONFIG_ENV}: ${parsed.error.issues[0].message}`);
  const cfg = parsed.data;
  const counters = newCounters(KV_COUNTERS);
  const server = createServer(kvHandler(syncStore(cfg.dataDir, cfg.nTimes), counters));
  const port = await listen(server, cfg.host, cfg.port);
  const id = `kv-${process.pid}`;
  const address = `${cfg.host}:${port}`;
  startStatsReporter(
    () => [nodeSnapshot(id, address, counters)],
    ([node]) => toPrimary({ type: 'counters', data: node }),
    { immediately: true },
  );
}

main().catch((err: unknown) => fail(errorMessage(err)));
