import { fmtBytes, fmtInt, NO_FIGURE } from '../../../../app/report/numbers';
import { fmtLatency } from '../../../../app/report/latency-format';
import { serverLatency, type ServerLatency } from '../../../../app/metrics/server-latency';
import { nodeState, nodeTotals, type NodeState } from '../../../../app/metrics/node-stats';

/** A percentile read from the server's histogram is its bucket's upper bound (at most this), or in its open last bucket at least this. */
function p99(l: ServerLatency | undefined): string {
  if (l?.p99 === undefined) return NO_FIGURE;
  return `${l.atLeast?.includes('p99') ? '≥' : '≤'} ${fmtLatency(l.p99)}`;
}
const mean = (l: ServerLatency | undefined): string => (l?.mean === undefined ? NO_FIGURE : fmtLatency(l.mean));
import { useKv } from '../../store/store';

/** A down node is bad news; one joining or leaving is the cluster changing under the load, worth a look. */
const STATE_CLASS: Record<NodeState, string | undefined> = { up: undefined, down: 'bad', joining: 'warn', leaving: 'warn' };

/** The target's own view of the newest second, node by node: its counts, its own time per operation, its memory. */
export function NodeTable() {
  const nodes = useKv((s) => s.live.last?.nodes);
  const latency = nodes?.map((n) => serverLatency(n.rates));
  const timed = latency?.some((l) => l !== undefined) ?? false;
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
              <th>State</th>
              <th className="num">Reads/s</th>
              <th className="num">Writes/s</th>
              <th className="num">Errors/s</th>
              {timed && (
                <>
                  <th className="num" title="the server's own mean time per operation this second (execution, not the network)">
                    Server mean
                  </th>
                  <th className="num" title="the server's own p99 this second: the upper bound of its histogram bucket">
                    Server p99
                  </th>
                </>
              )}
              <th className="num">Memory</th>
            </tr>
          </thead>
          <tbody>
            {nodes.map((n, i) => {
              const t = nodeTotals(n.rates);
              const state = nodeState(n);
              return (
                <tr key={n.id} data-testid={`node-row-${n.id}`} className={state === 'down' ? 'node-down' : undefined}>
                  <td>{n.id}</td>
                  <td className="mono">{n.address}</td>
                  <td className={STATE_CLASS[state]} title={n.note}>
                    <span data-testid={`node-state-${n.id}`}>{state}</span>
                    {n.note && (
                      <span className="node-note" data-testid={`node-note-${n.id}`}>
                        {' '}
                        · {n.note}
                      </span>
                    )}
                  </td>
                  <td className="num">{fmtInt(t.reads)}</td>
                  <td className="num">{fmtInt(t.writes)}</td>
                  <td className={t.errors > 0 ? 'num bad' : 'num'}>{fmtInt(t.errors)}</td>
                  {timed && (
                    <>
                      <td className="num">{mean(latency![i])}</td>
                      <td className="num">{p99(latency![i])}</td>
                    </>
                  )}
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
