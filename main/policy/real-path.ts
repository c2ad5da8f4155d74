import { lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { errorMessage } from '../../app/error-message';

class PathProblem extends Error {}

/**
 * Where an absolute path really leads: the deepest part that exists with
 * its symlinks resolved, then the rest (which does not exist yet, so holds
 * no symlink). A symlink inside an allowed folder pointing outside thus
 * lands outside. An entry that exists but cannot be resolved (a symlink to
 * nothing, a loop) would send a later write who knows where: refused.
 */
export function whereItLeads(path: string): string {
  const rest: string[] = [];
  let at = path;
  for (;;) {
    try {
      return join(realpathSync.native(at), ...rest.reverse());
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw new PathProblem(`${at} cannot be resolved (${code ?? errorMessage(err)})`);
      if (exists(at)) throw new PathProblem(`${at} is a symbolic link to nothing (or a loop)`);
    }
    const up = dirname(at);
    if (up === at) return path;
    rest.push(basename(at));
    at = up;
  }
}

function exists(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * Both readings of a path that has `..` in it: the kernel's (a `..` after a
 * symlink goes up from the link's target) and the lexical one some APIs use
 * (`..` resolved first). Whichever a child uses, it stays where checked.
 */
export function readingsOf(path: string): string[] {
  const lexical = whereItLeads(resolve(path));
  const kernel = whereItLeads(path);
  return lexical === kernel ? [kernel] : [lexical, kernel];
}

/** Whether `path` is `folder` or below it (both already resolved). */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!isAbsolute(rel) && rel.split(sep)[0] !== '..');
}
