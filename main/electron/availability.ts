import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The electron package's own default when path.txt names nothing. */
const DEFAULT_BINARY_NAME = 'electron';

type ElectronAvailability = { ok: true; binary: string } | { ok: false; reason: string };

/**
 * Whether the desktop window can start here, without require('electron'):
 * in plain Node that module downloads the binary when it is missing, and a
 * machine without network (or a load box) must get the browser twin instead.
 * The electron package records the binary's path, relative to its dist/, in
 * path.txt once its install step has fetched it.
 */
export function electronAvailability(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): ElectronAvailability {
  const pkg = join(root, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  const rel = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  // The override the electron package honours, for a binary kept elsewhere
  // (path.txt then optional, as there).
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!override) {
    if (!existsSync(join(pkg, 'package.json')))
      return { ok: false, reason: 'Electron binary not installed: the electron package is missing' };
    if (!rel)
      return {
        ok: false,
        reason: `Electron binary not installed: ${pathFile} is missing (its download did not run; npx install-electron fetches it)`,
      };
  }
  const binary = override ? join(override, rel || DEFAULT_BINARY_NAME) : join(pkg, 'dist', rel);
  if (!existsSync(binary)) return { ok: false, reason: `Electron binary not installed: ${binary} is missing` };
  // Linux without X11 or Wayland (a server, a container, ssh without -X): a window cannot open.
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return { ok: false, reason: 'no display: neither DISPLAY nor WAYLAND_DISPLAY is set' };
  }
  return { ok: true, binary };
}
