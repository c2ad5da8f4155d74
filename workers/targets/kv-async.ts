import { createServer } from 'node:http';
import { KV_COUNTERS, newCounters, nodeSnapshot } from './counters';
import { sendToMain } from './ipc';
import { kvHandler } from './kv-handler';
import { asyncStore } from './kv-store';
import { listen } from './listen';
import type { RunningTarget } from './running-target';
import { startStatsReporter } from './stats-reporter';

export interface KvServerOptions {
  host: string;
  port: number;
  nTimes: number;
  dataDir: string;
}

/** The async variant: this process serves every request with non-blocking file I/O. */
export async function startKvAsync(o: KvServerOptions): Promise<RunningTarget> {
  const counters = newCounters(KV_COUNTERS);
  const server = createServer(kvHandler(asyncStore(o.dataDir, o.nTimes), counters));
  const port = await listen(server, o.host, o.port);
  const id = `kv-${process.pid}`;
  const address = `${o.host}:${port}`;
  const stopStats = startStatsReporter(
    () => [nodeSnapshot(id, address, counters)],
    (nodes) => sendToMain({ type: 'node-stats', data: { nodes } }),
  );
  return {
    host: o.host,
    port,
    pids: [process.pid],
    stop: () =>
      new Promise<void>((resolve) => {
        stopStats();
        // Keep-alive clients would hold close() open for as long as they like.
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    kill: () => stopStats(),
  };
}
