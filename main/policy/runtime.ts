import { realpathSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { FieldError } from '../../app/scenario/schema';
import { installedRuntime, readRuntimes } from '../config/runtimes';
import { errorMessage } from '../../app/error-message';
import { isVersionSpec, NODE_ON_PATH, notInstalledReason, SYSTEM_NODE } from '../../app/scenario/node-version';

function realPath(p: string): string | undefined {
  try {
    return realpathSync.native(p);
  } catch {
    return undefined;
  }
}

/**
 * `node` must be a runtime kvscope knows: "system" (or "node": the one on
 * PATH), a version of a runtime in the list (`22`, `22.11`, `22.11.0`), the
 * Node kvscope itself runs on, or a path the user added to the runtimes list
 * with the CLI. Paths are compared with symlinks resolved, so a link to a
 * known runtime is that runtime and a link elsewhere is not.
 */
export function checkNode(node: string, env: NodeJS.ProcessEnv = process.env): FieldError[] {
  if (node === NODE_ON_PATH || node === SYSTEM_NODE) return [];
  const refuse = (reason: string): FieldError[] => [{ field: 'node', reason }];
  if (isVersionSpec(node)) {
    try {
      if (installedRuntime(node, env)) return [];
    } catch (err) {
      return refuse(errorMessage(err));
    }
    return refuse(notInstalledReason(node));
  }
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
