import { performance } from 'node:perf_hooks';
import { OK, type Driver } from '../../workers/load/driver';
import { Rng } from '../../workers/load/keys';
import { LoadLoop } from '../../workers/load/loop';
import { OpPicker } from '../../workers/load/picker';
import { Recorder } from '../../workers/load/recorder';

/** A driver whose answers the test releases by hand, counting what is outstanding. */
export function manualDriver() {
  const pending: (() => void)[] = [];
  let maxOutstanding = 0;
  const d: Driver = {
    versions: {},
    connect: async () => undefined,
    run: () =>
      new Promise((resolve) => {
        pending.push(() => resolve(OK));
        maxOutstanding = Math.max(maxOutstanding, pending.length);
      }),
    outcome: () => OK,
    isTimeout: () => false,
    close: async () => undefined,
  };
  return { d, pending, max: () => maxOutstanding };
}

export function loop(driver: Driver, extra: { inFlight: number; opTimeoutMs: number; endInMs: number; budget?: number }) {
  const rec = new Recorder(['get']);
  const pickers = Array.from({ length: extra.inFlight }, () => new OpPicker(new Rng(1), [1], 10, 2));
  const now = performance.now();
  const l = new LoadLoop({ driver, recorder: rec, pickers, measureFrom: -Infinity, endAt: now + extra.endInMs, ...extra });
  const drained = new Promise<void>((r) => l.once('drained', r));
  return { l, rec, drained };
}
