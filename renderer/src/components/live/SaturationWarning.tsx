import { failureDominated, SATURATED_ELU } from '../../../../app/metrics/limits';
import { useKv } from '../../store/store';
import { PERCENT } from '../../../../app/report/numbers';

/**
 * Says when the load generator, not the cluster, is what limits the numbers.
 * Never for a second in which more operations failed than succeeded: a busy
 * loop then reports a failing target, not a slow client.
 */
export function SaturationWarning() {
  const last = useKv((s) => s.live.last ?? undefined);
  const busy = last && !failureDominated(last.ops) ? last.workers.filter((w) => w.elu >= SATURATED_ELU) : [];
  if (busy.length === 0) return null;
  const who = busy.map((w) => `worker ${w.id} (${Math.round(w.elu * PERCENT)}%)`).join(', ');
  return (
    <div className="banner warning" role="alert" data-testid="saturation-warning">
      <strong>Client saturated:</strong> the event loop of {who} is over {SATURATED_ELU * PERCENT}% busy, so the numbers are limited by the
      client, not the cluster. Add workers or lower the in-flight count.
    </div>
  );
}
