import { closeSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { generateSecret, secretProblem } from './auth';
import { ServeConfigError } from './config-error';
import { errorMessage } from '../../app/error-message';

/** Owner read/write only: the file is as good as the password to this machine's benchmarks. */
const TOKEN_FILE_MODE = 0o600;
/** Group and other permission bits: any of them set and others could read (or replace) the secret. */
const NOT_OWNER_BITS = 0o077;

interface TokenFileSecret {
  secret: string;
  created: boolean;
}

/**
 * The secret of `--token-file FILE`, for scripts that need to know it ahead:
 * the file's content (trimmed) when it exists, else a new secret written to
 * it with mode 0600. An existing file must be the owner's alone and carry
 * at least MIN_SECRET_BITS, or serve refuses to start.
 */
export function secretFromTokenFile(file: string, platform: NodeJS.Platform = process.platform): TokenFileSecret {
  const existing = readExisting(file, platform);
  if (existing !== undefined) return { secret: existing, created: false };
  const secret = generateSecret();
  let fd: number;
  try {
    // 'wx': never through a link or over a file that appeared meanwhile.
    fd = openSync(file, 'wx', TOKEN_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return secretFromTokenFile(file, platform);
    throw new ServeConfigError(`--token-file ${file}: cannot create it: ${errorMessage(err)}`);
  }
  try {
    writeSync(fd, secret + '\n');
  } finally {
    closeSync(fd);
  }
  return { secret, created: true };
}

function readExisting(file: string, platform: NodeJS.Platform): string | undefined {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ServeConfigError(`--token-file ${file}: ${errorMessage(err)}`);
  }
  // Windows has no such bits to check; its ACLs are the user's to set.
  if (platform !== 'win32' && (mode & NOT_OWNER_BITS) !== 0) {
    const octal = (mode & 0o777).toString(8).padStart(3, '0');
    throw new ServeConfigError(`--token-file ${file}: group or others have access to it (mode ${octal}); chmod 600 it`);
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new ServeConfigError(`--token-file ${file}: ${errorMessage(err)}`);
  }
  const problem = secretProblem(text);
  if (problem) throw new ServeConfigError(`--token-file ${file}: its secret ${problem}`);
  return text;
}
