import { held } from '../../../../app/capacity/search';
import { fmtInt, fmtUsAsMs } from '../../../../app/report/numbers';
import { useKv } from '../../store/store';
import { CapacityChart } from './CapacityChart';

/** The capacity search the run on screen belongs to: its steps so far, its answer once it has one, and latency against throughput. */
export function CapacityPanel() {
  const capacity = useKv((s) => s.capacity);
  const groupId = useKv((s) => s.live.run?.group?.id);
  if (!capacity || capacity.groupId === null || capacity.groupId !== groupId) return null;
  const end = capacity.end;
  const steps = [...capacity.steps].sort((a, b) => a.rate - b.rate);
  return (
    <section className="panel capacity" data-testid="capacity-panel">
      <header className="panel-head">
        <h2>
          Capacity of {capacity.scenario} <span className="unit">within {capacity.slo}</span>
        </h2>
      </header>
      <p className={end ? 'capacity-answer' : 'muted'} data-testid="capacity-answer">
        {end
          ? end.answer
          : `searching: ${capacity.probeOpsPerSec === null ? 'the closed-loop probe first' : `probe ${fmtInt(capacity.probeOpsPerSec)} ops/s`}, ${capacity.steps.length} step${capacity.steps.length === 1 ? '' : 's'} so far`}
      </p>
      {steps.length > 0 && (
        <>
          <CapacityChart steps={steps} capacity={end?.capacity?.achieved} p99LimitMs={capacity.limits.p99Ms} />
          <div className="table-scroll">
            <table className="data" data-testid="capacity-steps">
              <thead>
                <tr>
                  <th className="num">rate asked</th>
                  <th className="num">ops/s</th>
                  <th className="num">p99 ms</th>
                  <th>held</th>
                  <th>why not</th>
                </tr>
              </thead>
              <tbody>
                {steps.map((s) => (
                  <tr key={s.rate}>
                    <td className="num">{fmtInt(s.rate)}</td>
                    <td className="num">{fmtInt(s.achieved)}</td>
                    <td className="num">{s.latencyUs ? fmtUsAsMs(s.latencyUs.p99) : '-'}</td>
                    <td>{held(s) ? 'yes' : 'no'}</td>
                    <td>{s.why ?? (held(s) ? '' : 'throughput did not follow')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
