import { MIB } from '../../app/report/numbers';
import { statfsSync } from 'node:fs';

/** Below this much free space in the runs folder a run gets a warning before it starts: a run writes a few MB an hour, a sweep many times that. */
const LOW_SPACE_BYTES = 100 * 1024 * 1024;

/**
 * A warning line when the folder runs are written to has little free space,
 * else undefined. A folder that does not exist yet (or cannot be asked) gets
 * no warning: the write itself then says what is wrong.
 */
export function lowSpaceWarning(dir: string, threshold = LOW_SPACE_BYTES): string | undefined {
  let free: number;
  try {
    const s = statfsSync(dir);
    free = s.bavail * s.bsize;
  } catch {
    return undefined;
  }
  if (free >= threshold) return undefined;
  return `only ${(free / MIB).toFixed(1)} MiB free in ${dir} (below ${threshold / MIB} MiB): the run may stop with "disk full"`;
}
