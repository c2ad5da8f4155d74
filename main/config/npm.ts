import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { errorMessage } from '../../app/error-message';

const run = promisify(execFile);
/** npm answers a registry query in seconds; a download of tens of MB on a slow link in minutes. */
const VIEW_TIMEOUT_MS = 60_000;
const INSTALL_TIMEOUT_MS = 10 * 60_000;
/** npm's own output kept for an error message. */
const NPM_ERROR_CHARS = 400;

/**
 * npm's last words, for an error a window may show: a registry address with
 * credentials in it (https://user:token@host/, from the user's .npmrc) is
 * shown without them. `hint` says what to do instead (e.g. offline).
 */
export function npmFailure(what: string, err: unknown, hint: string): Error {
  const stderr = String((err as { stderr?: string }).stderr ?? '').trim();
  const detail = (npmSays(stderr) || errorMessage(err)).slice(0, NPM_ERROR_CHARS).replace(/\/\/[^/\s@]+@/g, '//***@');
  return new Error(`${what}: ${detail} (${hint})`);
}

/** Lines of npm's error dump that say nothing to a user: stack frames, the error object, advice, the log's path. */
const NOISE = [/^\s/, /^[{}]/, /^(code|syscall|errno) /, /^A complete log/, /^If you are behind a proxy/, /^$/];

/** npm's error code and its first words about it ("code ETARGET; notarget No matching version found for ..."). */
function npmSays(stderr: string): string {
  const lines = stderr
    .split('\n')
    .filter((l) => l.startsWith('npm error'))
    .map((l) => l.replace(/^npm error ?/, '').trimEnd());
  const code = lines.find((l) => /^code \S+$/.test(l));
  const words = lines.filter((l) => !NOISE.some((re) => re.test(l))).slice(0, 2);
  return [code, ...words].filter(Boolean).join('; ');
}

/** The versions of `name@spec` the registry has (npm view). Never runs a shell. */
export async function npmVersions(nameAtSpec: string): Promise<string[]> {
  const out = (await run('npm', ['view', nameAtSpec, 'version', '--json'], { timeout: VIEW_TIMEOUT_MS })).stdout;
  const parsed = out.trim() ? (JSON.parse(out) as unknown) : [];
  return (Array.isArray(parsed) ? parsed : [parsed]).filter((v): v is string => typeof v === 'string');
}

/**
 * Install one exact package into `prefix` (its node_modules), install
 * scripts off: nothing the package ships runs at install time. Never runs a
 * shell; the caller names the package from a validated spec only.
 */
export async function npmInstall(prefix: string, nameAtVersion: string): Promise<void> {
  const args = [
    'install',
    '--prefix',
    prefix,
    '--no-save',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    nameAtVersion,
  ];
  await run('npm', args, { timeout: INSTALL_TIMEOUT_MS });
}
