import { join } from 'node:path';
import { kvscopeCacheDir, kvscopeConfigDir, kvscopeDataDir } from '../../app/host/kvscope-dirs';

export { kvscopeCacheDir as cacheDir, kvscopeConfigDir as configDir, kvscopeDataDir as dataDir };

/** The user's settings: `{"allowedFolders": [...]}`. */
const CONFIG_FILE = 'config.json';
/** Node runtimes a scenario may name; written by `kvscope runtimes` only. */
const RUNTIMES_FILE = 'runtimes.json';

export const configFile = (env: NodeJS.ProcessEnv = process.env): string => join(kvscopeConfigDir(env), CONFIG_FILE);
export const runtimesFile = (env: NodeJS.ProcessEnv = process.env): string => join(kvscopeConfigDir(env), RUNTIMES_FILE);

/** The folder runs are kept in: KVSCOPE_RUNS, else `runs` in the data folder. */
export function runsDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.KVSCOPE_RUNS || join(kvscopeDataDir(env), 'runs');
}

/** The user's saved scenarios, one JSON file each. */
export const scenariosDir = (env: NodeJS.ProcessEnv = process.env): string => join(kvscopeConfigDir(env), 'scenarios');
