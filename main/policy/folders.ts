import { statSync } from 'node:fs';
import { delimiter, isAbsolute, resolve } from 'node:path';
import type { FieldError } from '../../app/scenario/schema';
import type { Target } from '../../app/scenario/targets';
import { readConfig } from '../config/config-file';
import { cacheDir, configDir, configFile, dataDir, runsDir } from '../config/dirs';
import { isInside, readingsOf, whereItLeads } from './real-path';
import { errorMessage } from '../../app/error-message';

/**
 * Target settings naming a place on disk: folders a child creates and writes
 * files in, and the jar java puts on its class path (so runs).
 */
const PATH_SETTINGS = { dataPath: 'folder', sinkDir: 'folder', jar: 'jar' } as const;
type PathSetting = keyof typeof PATH_SETTINGS;

/** Characters java's -cp reads as more than one entry: a list separator, or a folder's every jar. */
const CLASS_PATH_SPECIAL = [delimiter, '*'];

interface Folders {
  /** As the user knows them, for messages. */
  shown: string[];
  /** Symlinks resolved, for the comparison. */
  real: string[];
  config: string;
}

/** kvscope's data, runs and cache folders, and those listed in config.json. */
function allowedFolders(env: NodeJS.ProcessEnv = process.env): Folders {
  const shown = [dataDir(env), resolve(runsDir(env)), cacheDir(env), ...readConfig(env).allowedFolders];
  return { shown, real: shown.map((f) => whereItLeads(resolve(f))), config: whereItLeads(configDir(env)) };
}

/** Every path setting of the target that points where a scenario may not, with the reason. */
export function checkPathSettings(target: Target, env: NodeJS.ProcessEnv = process.env): FieldError[] {
  const given = Object.keys(PATH_SETTINGS).filter((k): k is PathSetting => typeof (target as Record<string, unknown>)[k] === 'string');
  if (given.length === 0) return [];
  let folders: Folders | undefined;
  const errors: FieldError[] = [];
  for (const key of given) {
    const value = (target as Record<string, unknown>)[key] as string;
    try {
      folders ??= allowedFolders(env);
      const reason = pathReason(value, PATH_SETTINGS[key], folders, env);
      if (reason) errors.push({ field: `target.${key}`, reason });
    } catch (err) {
      errors.push({ field: `target.${key}`, reason: errorMessage(err) });
    }
  }
  return errors;
}

function pathReason(value: string, kind: 'folder' | 'jar', f: Folders, env: NodeJS.ProcessEnv): string | undefined {
  const how = `kvscope's data or cache folder, or a folder listed in "allowedFolders" of ${configFile(env)}`;
  if (value.includes('\0')) return 'contains a NUL character';
  if (!isAbsolute(value)) return `must be an absolute path under ${how}`;
  if (kind === 'jar') {
    if (!value.endsWith('.jar')) return 'must name a .jar file';
    const special = CLASS_PATH_SPECIAL.find((c) => value.includes(c));
    if (special) return `must not contain "${special}": java would read it as more than one class path entry`;
  }
  for (const real of readingsOf(value)) {
    const leads = real === value ? '' : ` (it leads to ${real})`;
    if (isInside(f.config, real)) return `${value} is inside kvscope's config folder${leads}, which a scenario may not touch`;
    if (!f.real.some((folder) => isInside(folder, real)))
      return `${value} is outside the folders kvscope may use${leads}: ${f.shown.join(', ')}; to use it, add its folder to "allowedFolders" in ${configFile(env)}`;
  }
  if (kind === 'jar' && isThere(value) && !statSync(value).isFile()) return `${value} is not a file`;
  return undefined;
}

function isThere(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}
