import { constants } from 'node:fs';
import { lstat, open, stat, type FileHandle } from 'node:fs/promises';
import { RunFileError } from './parser';
import { errorMessage } from '../error-message';

/**
 * How long reading one file's header and tail may take: a file on a hung
 * mount (or anything else that stalls) is listed as unreadable instead of
 * holding up the whole list.
 */
const RUN_FILE_READ_TIMEOUT_MS = 5000;

/** What a run path is when it is not a regular file (a symlink is followed and named), or undefined when it is one. */
async function notRegularFile(path: string): Promise<string | undefined> {
  const own = await lstat(path);
  const link = own.isSymbolicLink();
  const st = link ? await stat(path) : own;
  if (st.isFile()) return undefined;
  const what = st.isFIFO()
    ? 'a FIFO'
    : st.isSocket()
      ? 'a socket'
      : st.isCharacterDevice() || st.isBlockDevice()
        ? 'a device'
        : st.isDirectory()
          ? 'a folder'
          : 'a special file';
  return `not a regular file (${link ? `a link to ${what}` : what})`;
}

/**
 * Opens a run file for reading, only when it is a regular file: checked
 * before the open (a FIFO's open blocks a thread of the pool until a writer
 * comes), and again on the open descriptor (the name may have been swapped
 * meanwhile; O_NONBLOCK keeps that open from blocking).
 */
export async function openRegularFile(path: string): Promise<FileHandle> {
  let fh: FileHandle;
  try {
    const refused = await notRegularFile(path);
    if (refused) throw new RunFileError(path, refused);
    fh = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    if (err instanceof RunFileError) throw err;
    throw new RunFileError(path, `cannot read: ${errorMessage(err)}`);
  }
  const st = await fh.stat().catch(async (err: Error) => {
    await fh.close();
    throw new RunFileError(path, `cannot read: ${err.message}`);
  });
  if (!st.isFile()) {
    await fh.close();
    throw new RunFileError(path, 'not a regular file');
  }
  return fh;
}

/** Rejects with a RunFileError when `work` has not settled within `ms`. */
export function withinTime<T>(path: string, work: Promise<T>, ms = RUN_FILE_READ_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RunFileError(path, `cannot read: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
