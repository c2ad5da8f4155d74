import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { BuiltinKvTarget } from '../../app/scenario/targets';
import { startKvAsync } from './kv-async';
import { startKvCluster } from './kv-cluster';
import { fixedCapacityStore } from './fixed-capacity';
import type { RunningTarget } from './running-target';

type KvTarget = z.output<typeof BuiltinKvTarget>;

/** Start the key-value server in the mode the scenario asks for. */
export async function startKvServer(t: KvTarget, workDir: string): Promise<RunningTarget> {
  // Values go in the run's own folder unless the user named one, so main's cleanup removes them.
  const dataDir = t.dataPath ?? join(workDir, 'kv-data');
  await mkdir(dataDir, { recursive: true });
  const options = { host: t.host, port: t.port, nTimes: t.nTimes, dataDir };
  if (t.mode === 'cluster') return startKvCluster(options, t.servers);
  return startKvAsync(options, t.mode === 'fixed-capacity' ? fixedCapacityStore(t.handlers, t.serviceTimeMs) : undefined);
}
