import { nodeTotals } from '../../../../app/metrics/node-stats';
import { fmtBytes, fmtInt } from '../../../../app/report/numbers';
import { useKv } from '../../store/store';

/** The target's own view of the newest second, node by node (built-in servers report it; Redis does not yet). */
export function NodeTable() {
  const nodes = useKv((s) => s.live.last?.nodes);
  return (
    <section className="panel" data-testid="node-table">
      <header className="panel-head">
        <h2>Nodes</h2>
        <span className="muted">server-side, latest second</span>
      </header>
      {!nodes || nodes.length === 0 ? (
        <p className="muted empty-text">This target reports no per-node statistics.</p>
      ) : (
        <table className="data">
          <thead>
            <tr>
              <th>Node</th>
              <th>Address</th>
              <th className="num">Reads/s</th>
              <th className="num">Writes/s</th>
              <th className="num">Errors/s</th>
              <th className="num">Memory</th>
            </tr>
          </thead>
          <tbody>
            {nodes.map((n) => {
              const t = nodeTotals(n.rates);
              return (
                <tr key={n.id} data-testid={`node-row-${n.id}`}>
                  <td>{n.id}</td>
                  <td className="mono">{n.address}</td>
                  <td className="num">{fmtInt(t.reads)}</td>
                  <td className="num">{fmtInt(t.writes)}</td>
                  <td className={t.errors > 0 ? 'num bad' : 'num'}>{fmtInt(t.errors)}</td>
                  <td className="num">{n.memory === undefined ? '–' : fmtBytes(n.memory)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
