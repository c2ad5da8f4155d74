import { saturation, SATURATED_CPU, SATURATED_ELU, SATURATED_MACHINE_CPU } from '../../../../app/metrics/limits';
import { useKv } from '../../store/store';
import { fmtGaugePct as pct } from '../../../../app/report/numbers';

/**
 * Says when the load generator, not the cluster, is what limits the numbers:
 * a worker's event loop or its CPU near full, or (more workers than cores) the
 * machine's. Never for a second in which more operations failed than
 * succeeded: a busy loop then reports a failing target, not a slow client.
 */
export function SaturationWarning() {
  const last = useKv((s) => s.live.last ?? undefined);
  if (!last) return null;
  const sat = saturation(last);
  if (sat.workers.length === 0 && !sat.machine) return null;
  const who = sat.workers.map((w) => `worker ${w.id} (event loop ${pct(w.elu)}, CPU ${pct(w.cpu ?? 0)} of a core)`).join(', ');
  return (
    <div className="banner warning" role="alert" data-testid="saturation-warning">
      <strong>Client saturated:</strong>{' '}
      {who && (
        <>
          {who} {sat.workers.length === 1 ? 'is' : 'are'} over {pct(SATURATED_ELU)} event-loop use or {pct(SATURATED_CPU)} of a core.{' '}
        </>
      )}
      {sat.machine && last.machine && (
        <>
          The machine&apos;s {last.machine.cores} cores are {pct(last.machine.cpu)} busy (over {pct(SATURATED_MACHINE_CPU)}) with{' '}
          {last.workers.length} workers.{' '}
        </>
      )}
      The numbers are limited by the client, not the cluster.{' '}
      {sat.machine ? 'Use fewer workers or a bigger load box.' : 'Add workers or lower the in-flight count.'}
    </div>
  );
}
