import type { LiveSample } from '../../../app/protocol/bridge';
import { isPartial } from '../../../app/metrics/sample';

/** A stretch of seconds [from, to) in which fewer workers reported than the run expected. */
export interface Stretch {
  from: number;
  to: number;
}

/** Stretches kept; a run that keeps losing and regaining workers shows its latest ones. */
const STRETCH_CAP = 200;

/** The stretches with these (newer) samples' short seconds added; consecutive seconds join one stretch. */
export function appendPartial(stretches: readonly Stretch[], samples: readonly LiveSample[]): readonly Stretch[] {
  if (!samples.some(isPartial)) return stretches;
  const out = [...stretches];
  for (const s of samples) {
    if (!isPartial(s)) continue;
    const last = out[out.length - 1];
    if (last && last.to === s.second) out[out.length - 1] = { from: last.from, to: s.second + 1 };
    else out.push({ from: s.second, to: s.second + 1 });
  }
  return out.length > STRETCH_CAP ? out.slice(-STRETCH_CAP) : out;
}
