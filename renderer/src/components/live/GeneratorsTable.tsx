import { placeRows } from '../../../../app/metrics/places';
import { fmtBytes, fmtGaugePct, fmtInt } from '../../../../app/report/numbers';
import { useKv } from '../../store/store';

/** The load generators of a run placed on agents, latest second: ops/s, CPU, event loop and memory per place. Only for such runs. */
export function GeneratorsTable() {
  const workers = useKv((s) => s.live.last?.workers);
  if (!workers || !workers.some((w) => w.place !== undefined)) return null;
  return (
    <section className="panel" data-testid="generators-table">
      <header className="panel-head">
        <h2>Load generators</h2>
        <span className="muted">client-side, latest second</span>
      </header>
      <table className="data">
        <thead>
          <tr>
            <th>Where</th>
            <th className="num">Workers</th>
            <th className="num">Ops/s</th>
            <th className="num">CPU</th>
            <th className="num">Busiest loop</th>
            <th className="num">RSS</th>
          </tr>
        </thead>
        <tbody>
          {placeRows(workers).map((r) => (
            <tr key={r.place} data-testid={`generator-row-${r.place}`}>
              <td>{r.place}</td>
              <td className="num">{r.workers}</td>
              <td className="num">{fmtInt(r.ops)}</td>
              <td className="num">{fmtGaugePct(r.cpu)}</td>
              <td className="num">{fmtGaugePct(r.eluMax)}</td>
              <td className="num">{fmtBytes(r.rss)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
