import type { LiveSample } from '../../../app/protocol/bridge';
import type { Row } from '../store/downsample';

/**
 * A sample never changes once received, so each is shaped into its chart row
 * once and the row is reused on every later redraw: a one-hour buffer costs
 * only its newest second per update, and no garbage for the rest.
 * Rows handed out are shared; nothing may mutate them.
 */
export function perSample(shape: (s: LiveSample) => Row): (samples: readonly LiveSample[]) => Row[] {
  const cache = new WeakMap<LiveSample, Row>();
  return (samples) =>
    samples.map((s) => {
      let row = cache.get(s);
      if (!row) {
        row = shape(s);
        cache.set(s, row);
      }
      return row;
    });
}
