import type { Server } from 'node:http';
import { nodeSnapshot, type RequestCounters } from './counters';
import { sendToMain } from './ipc';
import { listen } from './listen';
import type { RunningTarget } from './running-target';
import { startStatsReporter } from './stats-reporter';

/**
 * Run `server` in this process as a whole target of one node: listen, report
 * `counters` to main as node `<idPrefix>-<pid>`, and close it all on stop.
 */
export async function serveInThisProcess(
  server: Server,
  host: string,
  port: number,
  idPrefix: string,
  counters: RequestCounters,
): Promise<RunningTarget> {
  const bound = await listen(server, host, port);
  const id = `${idPrefix}-${process.pid}`;
  const address = `${host}:${bound}`;
  const stopStats = startStatsReporter(
    () => [nodeSnapshot(id, address, counters)],
    (nodes) => sendToMain({ type: 'node-stats', data: { nodes } }),
  );
  return {
    host,
    port: bound,
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
