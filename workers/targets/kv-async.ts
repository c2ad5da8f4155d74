import { createServer } from 'node:http';
import { KV_COUNTERS, newCounters } from './counters';
import { kvHandler } from './kv-handler';
import { asyncStore, type KvStore } from './kv-store';
import type { RunningTarget } from './running-target';
import { serveInThisProcess } from './single-process';

export interface KvServerOptions {
  host: string;
  port: number;
  nTimes: number;
  dataDir: string;
}

/** The async variant: this process serves every request with non-blocking file I/O (or from the store given). */
export async function startKvAsync(o: KvServerOptions, store?: KvStore): Promise<RunningTarget> {
  const counters = newCounters(KV_COUNTERS);
  const server = createServer(kvHandler(store ?? asyncStore(o.dataDir, o.nTimes), counters));
  return serveInThisProcess(server, o.host, o.port, 'kv', counters);
}
