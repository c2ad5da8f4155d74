import type { DriverContext } from './driver';

/** Writes kept in flight while prefilling: enough to fill a cluster quickly, few enough for a test node. */
const PREFILL_IN_FLIGHT = 64;
/** Progress is logged every this many keys. */
const PREFILL_LOG_EVERY = 50_000;

/**
 * Writes keys 0..count-1 before the run (worker 0 only, so they are written
 * once), PREFILL_IN_FLIGHT at a time, logging progress; the log names what
 * is written (`noun`: records, keys) and where.
 */
export async function prefillKeys(
  ctx: DriverContext,
  count: number,
  what: { noun: string; where: string },
  write: (i: number) => Promise<unknown>,
): Promise<void> {
  const { noun, where } = what;
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      await write(i);
      if ((i + 1) % PREFILL_LOG_EVERY === 0) ctx.log('info', `prefill: ${i + 1} of ${count} ${noun} written to ${where}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PREFILL_IN_FLIGHT, count) }, lane));
  ctx.log('info', `prefill: ${count} ${noun} in ${where}`);
}
