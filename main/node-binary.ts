import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

export interface NodeBinary {
  path: string;
  /** True when no Node was found and the current runtime (e.g. Electron's) is used instead. */
  fallback: boolean;
}

/**
 * The workers' runtime: an absolute path as given, or a name found on PATH.
 * Only when nothing is found does it fall back to the runtime running main.
 */
export function resolveNodeBinary(name: string, env: NodeJS.ProcessEnv = process.env): NodeBinary {
  if (isAbsolute(name) || name.includes('/')) {
    if (isExecutable(name)) return { path: name, fallback: false };
    throw new Error(`node: ${name} is not an executable file`);
  }
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = join(dir, name + ext);
      if (isExecutable(candidate)) return { path: candidate, fallback: false };
    }
  }
  return { path: process.execPath, fallback: true };
}

function isExecutable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
