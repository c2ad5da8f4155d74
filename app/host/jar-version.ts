import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { inflateRawSync } from 'node:zlib';

/** Maven's name for the jar: hazelcast-5.7.0.jar. */
const MAVEN_NAME = /^hazelcast-(\d+\.\d+\.\d+)\.jar$/;
/** The file in every Hazelcast jar Maven Central serves that says its version. */
const POM_PROPERTIES = 'META-INF/maven/com.hazelcast/hazelcast/pom.properties';
/** The end of a zip: its 22-byte record, after a comment of at most 64 KiB. */
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const ZIP_TAIL = EOCD_MIN + 0xffff;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const STORED = 0;
const DEFLATED = 8;
/**
 * A jar is a file the user named, not one kvscope wrote: a pom.properties is
 * a few hundred bytes and Hazelcast's central directory under a few MiB, so
 * anything larger (or a deflate bomb) reads as no version, not as memory.
 */
const MAX_ENTRY_BYTES = 64 * 1024;
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

function readAt(fd: number, offset: number, length: number): Buffer {
  const b = Buffer.alloc(length);
  const n = readSync(fd, b, 0, length, offset);
  return b.subarray(0, n);
}

/** One entry's bytes, found by the central directory; undefined when the zip has no such entry. */
function zipEntry(path: string, name: string): Buffer | undefined {
  const size = statSync(path).size;
  const fd = openSync(path, 'r');
  try {
    const tailStart = Math.max(0, size - ZIP_TAIL);
    const tail = readAt(fd, tailStart, size - tailStart);
    let eocd = -1;
    for (let i = tail.length - EOCD_MIN; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return undefined;
    const dirSize = tail.readUInt32LE(eocd + 12);
    if (dirSize > MAX_DIRECTORY_BYTES) return undefined;
    const dir = readAt(fd, tail.readUInt32LE(eocd + 16), dirSize);
    for (let p = 0; p + CENTRAL_HEADER <= dir.length && dir.readUInt32LE(p) === CENTRAL_SIGNATURE;) {
      const nameLength = dir.readUInt16LE(p + 28);
      const skip = nameLength + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
      if (dir.toString('utf8', p + CENTRAL_HEADER, p + CENTRAL_HEADER + nameLength) === name) {
        const method = dir.readUInt16LE(p + 10);
        const compressed = dir.readUInt32LE(p + 20);
        if (compressed > MAX_ENTRY_BYTES) return undefined;
        const local = readAt(fd, dir.readUInt32LE(p + 42), LOCAL_HEADER);
        const dataAt = dir.readUInt32LE(p + 42) + LOCAL_HEADER + local.readUInt16LE(26) + local.readUInt16LE(28);
        const data = readAt(fd, dataAt, compressed);
        if (method === STORED) return data;
        return method === DEFLATED ? inflateRawSync(data, { maxOutputLength: MAX_ENTRY_BYTES }) : undefined;
      }
      p += CENTRAL_HEADER + skip;
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * The Hazelcast version of a member jar: from Maven's file name, else from
 * the pom.properties inside it; undefined when neither says (not a
 * Hazelcast jar, or not a zip at all).
 */
export function hazelcastJarVersion(path: string): string | undefined {
  const named = MAVEN_NAME.exec(basename(path));
  if (named) return named[1];
  try {
    const pom = zipEntry(path, POM_PROPERTIES)?.toString('utf8');
    return pom ? /^version=(\S+)$/m.exec(pom)?.[1] : undefined;
  } catch {
    return undefined;
  }
}
