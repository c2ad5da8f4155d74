import { spawn } from 'node:child_process';

type OpenPlan = { ok: true; command: string } | { ok: false; reason: string };

/** Values of a flag variable that mean "not set" (CI=false is how some set ups say no). */
const UNSET = new Set(['', '0', 'false']);

const isSet = (value: string | undefined): boolean => value !== undefined && !UNSET.has(value.toLowerCase());

/**
 * Which program would open an address in the user's browser here, or why
 * none is tried: never in CI or tests (KVSCOPE_NO_OPEN), never without a
 * display, where xdg-open would fall back to a text browser in our terminal.
 */
export function browserOpener(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): OpenPlan {
  if (isSet(env.KVSCOPE_NO_OPEN)) return { ok: false, reason: 'KVSCOPE_NO_OPEN is set' };
  if (isSet(env.CI)) return { ok: false, reason: 'CI is set' };
  if (platform === 'darwin') return { ok: true, command: 'open' };
  if (platform === 'win32') return { ok: false, reason: 'not done on Windows' };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return { ok: false, reason: 'no display: neither DISPLAY nor WAYLAND_DISPLAY is set' };
  return { ok: true, command: 'xdg-open' };
}

/**
 * Best effort: the address is printed already, so a missing or failing opener
 * is a line of output, never an error. Detached, so the browser it may start
 * is not in our process group and outlives a Ctrl-C of the server.
 */
export function openInBrowser(
  url: string,
  print: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): void {
  const plan = browserOpener(env, platform);
  if (!plan.ok) return print(`not opening a browser (${plan.reason}): open the address above`);
  print(`opening it in your browser (${plan.command})`);
  const cannot = (why: string): void => print(`could not open a browser (${plan.command}: ${why}): open the address above`);
  const child = spawn(plan.command, [url], { stdio: 'ignore', detached: true });
  child.on('error', (err) => cannot(err.message));
  child.on('exit', (code, signal) => {
    if (code !== 0) cannot(signal ? `ended by ${signal}` : `exit code ${code}`);
  });
  child.unref();
}
