import { writeFileSync } from 'node:fs';

/** A file option given `-` writes to standard output, as Unix tools take it. */
export const STDOUT = '-';

/**
 * Where a command's words go: standard output, unless one of its files goes
 * there (`--csv -`), in which case standard error, so the file stays clean
 * for the pipe.
 */
export function wordsTo(out: (text: string) => void, files: readonly (string | undefined)[]): (text: string) => void {
  return files.includes(STDOUT) ? (text) => process.stderr.write(`${text}\n`) : out;
}

/** Write `text` to the file (and say so) or, for `-`, to standard output. */
export function writeOutput(path: string, text: string | Buffer, say: (text: string) => void, what: string): void {
  if (path === STDOUT) {
    process.stdout.write(text);
    return;
  }
  writeFileSync(path, text);
  say(`wrote ${path} (${what})`);
}
