/*
 * What the saturation rule (app/metrics/limits.ts) found, in words: one text
 * for the terminal, the Live summary and the reports, so each says the same
 * of which side limited the numbers.
 */
import { SATURATED_CPU, SATURATED_ELU, SATURATED_MACHINE_CPU } from '../metrics/limits';
import { fmtGaugePct as pct } from './numbers';

interface SaturatedCounts {
  saturatedSeconds: number;
  sharedMachineSeconds?: number;
}

const seconds = (n: number): string => `${n} s`;

/** One sentence per side that limited some measured seconds: kvscope's client, and the machine it shared with the target. */
export function saturationNotes(s: SaturatedCounts): string[] {
  const shared = s.sharedMachineSeconds ?? 0;
  const client = s.saturatedSeconds - shared;
  const notes: string[] = [];
  if (client > 0)
    notes.push(
      `The client was saturated (a worker's event loop over ${pct(SATURATED_ELU)} or its CPU over ${pct(SATURATED_CPU)} of a core, ` +
        `or the load box's CPU over ${pct(SATURATED_MACHINE_CPU)} with more workers than cores) for ${seconds(client)}: ` +
        'those seconds are limited by kvscope\u2019s client, not the target.',
    );
  if (shared > 0)
    notes.push(
      `The machine was saturated (its CPU over ${pct(SATURATED_MACHINE_CPU)}) with the target running on it for ${seconds(shared)}: ` +
        'kvscope\u2019s client and the target took CPU from each other, so those seconds are limited by the machine as a whole, ' +
        'not by either side alone. Run the target on another machine to measure it.',
    );
  return notes;
}
