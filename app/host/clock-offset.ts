/** One clock request: the asker's clock when it sent and when the answer came, and the answerer's clock in between. */
export interface ClockSample {
  sentAt: number;
  theirNow: number;
  receivedAt: number;
}

/**
 * The asker's clock minus the answerer's (ms), from the sample with the
 * smallest round trip: its answer was taken closest to the middle of the
 * trip, so its error is at most half that round trip (NTP's reasoning).
 */
export function clockOffset(samples: readonly ClockSample[]): { offsetMs: number; rttMs: number } {
  if (samples.length === 0) throw new Error('no clock samples');
  let best = samples[0];
  for (const s of samples) if (s.receivedAt - s.sentAt < best.receivedAt - best.sentAt) best = s;
  const rttMs = best.receivedAt - best.sentAt;
  return { offsetMs: best.sentAt + rttMs / 2 - best.theirNow, rttMs };
}
