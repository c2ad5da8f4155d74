import { realpathSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { FieldError } from '../../app/scenario/schema';
import { readRuntimes } from '../config/runtimes';
import { errorMessage } from '../../app/error-message';

/**
 * The one bare name a scenario may give: looked up on PATH as today. Any
 * other name could be any program on PATH.
 */
export const NODE_ON_PATH = 'node';

function realPath(p: string): string | undefined {
  try {
    return realpathSync.native(p);
  } catch {
    return undefined;
  }
}

/**
 * `node` must be a runtime kvscope knows: "node" on PATH, the Node kvscope
 * itself runs on, or one the user added to the runtimes list with the CLI.
 * Paths are compared with symlinks resolved, so a link to a known runtime
 * is that runtime and a link elsewhere is not.
 */
export function checkNode(node: string, env: NodeJS.ProcessEnv = process.env): FieldError[] {
  if (node === NODE_ON_PATH) return [];
  const refuse = (reason: string): FieldError[] => [{ field: 'node', reason }];
  const how = `use "${NODE_ON_PATH}" (found on PATH), ${process.execPath} (the Node kvscope runs on), or add it once with \`kvscope runtimes add --path ${isAbsolute(node) ? node : 'PATH'}\``;
  if (!isAbsolute(node)) return refuse(`"${node}" is not a runtime kvscope knows (only "${NODE_ON_PATH}" is looked up on PATH): ${how}`);
  const real = realPath(node);
  if (real === undefined) return refuse(`${node} does not exist; ${how}`);
  if (real === realPath(process.execPath)) return [];
  try {
    if (readRuntimes(env).some((r) => r.path === real || realPath(r.path) === real)) return [];
  } catch (err) {
    return refuse(errorMessage(err));
  }
  return refuse(`${node} is not a Node runtime kvscope knows: ${how}`);
}
