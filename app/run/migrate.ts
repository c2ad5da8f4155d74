import { RUN_FORMAT_VERSION, type RunHeader } from './format';

/**
 * Older run files brought to the current shape, one explicit step per
 * version, so a run recorded by any earlier kvscope opens and compares like
 * a new one. A step takes the header of its version and returns the next.
 */
type Step = (h: RunHeader) => RunHeader;

const STEPS: Record<number, Step> = {
  // 1 -> 2: groups (repeat, sweep) arrived; a version 1 run belongs to none.
  1: (h) => {
    const { group: _none, ...rest } = h;
    return { ...rest, version: 2 };
  },
};

export function migrateHeader(h: RunHeader): RunHeader {
  let out = h;
  while (out.version < RUN_FORMAT_VERSION) {
    const step = STEPS[out.version];
    if (!step) throw new Error(`no migration from run format ${out.version}`);
    out = step(out);
  }
  return out;
}
