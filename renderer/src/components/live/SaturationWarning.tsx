import { saturation, SATURATED_CPU, SATURATED_ELU, SATURATED_MACHINE_CPU } from '../../../../app/metrics/limits';
import { useKv } from '../../store/store';
import { fmtGaugePct as pct } from '../../../../app/report/numbers';
import { fmtCores } from './cpuRows';

/**
 * Says when something other than the target limits the numbers, and which:
 * kvscope's client (a worker's event loop or CPU near full, or with more
 * workers than cores the load box's), or the machine as a whole while the
 * target's own processes run on it. Never for a second in which more
 * operations failed than succeeded: a busy loop then reports a failing
 * target, not a slow client.
 */
export function SaturationWarning() {
  const last = useKv((s) => s.live.last ?? undefined);
  if (!last) return null;
  const sat = saturation(last);
  if (sat.limit === undefined) return null;
  const m = last.machine;
  if (sat.limit === 'shared-machine' && m) {
    const servers = (m.servers ?? []).map((s) => `${s.name} ${fmtCores(s.cpu)}`).join(', ');
    return (
      <div className="banner warning" role="alert" data-testid="saturation-warning" data-limit={sat.limit}>
        <strong>Machine saturated, with the target on it:</strong> its {m.cores} cores are {pct(m.cpu)} busy (over{' '}
        {pct(SATURATED_MACHINE_CPU)}), shared by {last.workers.length} worker{last.workers.length === 1 ? '' : 's'} and {servers}. The
        client and the target take CPU from each other: the numbers are limited by this machine as a whole, not by either side alone. Run
        the target on another machine to measure it.
      </div>
    );
  }
  const who = sat.workers.map((w) => `worker ${w.id} (event loop ${pct(w.elu)}, CPU ${pct(w.cpu ?? 0)} of a core)`).join(', ');
  return (
    <div className="banner warning" role="alert" data-testid="saturation-warning" data-limit={sat.limit}>
      <strong>Client saturated:</strong>{' '}
      {who && (
        <>
          {who} {sat.workers.length === 1 ? 'is' : 'are'} over {pct(SATURATED_ELU)} event-loop use or {pct(SATURATED_CPU)} of a core.{' '}
        </>
      )}
      {sat.machine && m && (
        <>
          The machine&apos;s {m.cores} cores are {pct(m.cpu)} busy (over {pct(SATURATED_MACHINE_CPU)}) with {last.workers.length}{' '}
          workers.{' '}
        </>
      )}
      The numbers are limited by kvscope&apos;s client, not the cluster.{' '}
      {sat.machine ? 'Use fewer workers or a bigger load box.' : 'Add workers or lower the in-flight count.'}
    </div>
  );
}
