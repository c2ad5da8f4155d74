import { outcomeOf } from '../../../../app/metrics/outcome';
import { isFinalPhase } from '../../store/live';
import { useKv } from '../../store/store';

const WAITING = 'Waiting for the first second…';
const NO_REASON = 'the run ended before its first second';

/**
 * What an empty Live chart says: it waits for the first second while the run
 * may still bring one; once the run has ended without any, it says so and why,
 * instead of waiting for a second that will never come.
 */
export function useEmptyText(): string {
  const ended = useKv((s) => s.live.summary !== null || isFinalPhase(s.live.phase));
  const reason = useKv((s) => (s.live.summary ? outcomeOf(s.live.summary).reason : ''));
  return ended ? `no data: ${reason || NO_REASON}` : WAITING;
}
