import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { ServeConfigError } from './config-error';
import { errorMessage } from '../../app/error-message';

export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

/**
 * Read --tls-cert and --tls-key and check they make a usable pair now, so a
 * wrong file is a clear error at start, not a handshake failure in a browser.
 */
export function readTlsFiles(certFile: string, keyFile: string): TlsFiles {
  const cert = readFlagFile('--tls-cert', certFile);
  const key = readFlagFile('--tls-key', keyFile);
  try {
    createSecureContext({ cert, key });
  } catch (err) {
    throw new ServeConfigError(
      `--tls-cert ${certFile} and --tls-key ${keyFile} are not a usable certificate and key: ${errorMessage(err)}`,
    );
  }
  return { cert, key };
}

function readFlagFile(flag: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new ServeConfigError(`${flag} ${file}: ${errorMessage(err)}`);
  }
}
