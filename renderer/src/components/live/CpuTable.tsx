import { fmtGaugePct } from '../../../../app/report/numbers';
import { useKv } from '../../store/store';
import { cpuRows } from './cpuRows';

/**
 * Who uses this machine's CPU, latest second: each worker beside the
 * built-in server or local members the run started here, and the machine
 * in all. Only when the target runs here: then client and target share the
 * cores, and this is where a saturated machine shows which side took them.
 */
export function CpuTable() {
  const last = useKv((s) => s.live.last ?? undefined);
  const m = last?.machine;
  if (!last || !m?.servers?.length) return null;
  return (
    <section className="panel" data-testid="cpu-table">
      <header className="panel-head">
        <h2>CPU on this machine</h2>
        <span className="muted">latest second, share of one core</span>
      </header>
      <table className="data">
        <thead>
          <tr>
            <th>Process</th>
            <th>Side</th>
            <th className="num">CPU</th>
          </tr>
        </thead>
        <tbody>
          {cpuRows(last).map((r) => (
            <tr key={r.name} data-testid={`cpu-row-${r.name.replaceAll(' ', '-')}`}>
              <td>{r.name}</td>
              <td>{r.side === 'client' ? 'kvscope client' : 'target'}</td>
              <td className="num">{fmtGaugePct(r.cpu)}</td>
            </tr>
          ))}
          <tr data-testid="cpu-row-machine">
            <td>machine</td>
            <td>all processes</td>
            <td className="num">
              {fmtGaugePct(m.cpu)} of {m.cores} cores
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
