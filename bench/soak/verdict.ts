import { MIB } from '../../app/report/numbers';
import type { Checkpoint } from './soak-run';

/** Heap growth after the first hour still called flat: GC noise and V8's own caches, not a per-second cost. */
const FLAT_SLACK_BYTES = 4 * 1024 * 1024;
/** ... or this share of the heap at the first hour, whichever is larger. */
const FLAT_SLACK_SHARE = 0.05;

interface Verdict {
  /** 'n/a' when the run was too short to pass the first hour. */
  result: 'PASS' | 'MISS' | 'n/a';
  text: string;
}

/** PASS when no checkpoint after the first hour has a heap more than the slack above the heap at the first hour. */
export function verdict(points: readonly Checkpoint[], firstHour: number): Verdict {
  const atHour = points.find((p) => p.second >= firstHour);
  const later = points.filter((p) => atHour && p.second > atHour.second);
  if (!atHour || later.length === 0)
    return { result: 'n/a', text: 'flat after the first hour: n/a (the run is shorter than two checkpoints past one hour)' };
  const peak = Math.max(...later.map((p) => p.heapUsed));
  const slack = Math.max(FLAT_SLACK_BYTES, atHour.heapUsed * FLAT_SLACK_SHARE);
  const growth = peak - atHour.heapUsed;
  const result = growth <= slack ? 'PASS' : 'MISS';
  const perHour = growth / ((later[later.length - 1].second - atHour.second) / 3600);
  return {
    result,
    text: `flat after the first hour: ${result} (heap ${(atHour.heapUsed / MIB).toFixed(1)} MiB at ${atHour.second} s, peak ${(peak / MIB).toFixed(1)} MiB after; ${growth >= 0 ? '+' : ''}${(growth / MIB).toFixed(2)} MiB, ${(perHour / MIB).toFixed(2)} MiB/h; slack ${(slack / MIB).toFixed(1)} MiB)`,
  };
}
