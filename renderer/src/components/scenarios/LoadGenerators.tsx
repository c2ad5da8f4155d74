import { useAgents } from '../../hooks/useAgents';

const STATE_TEXT = { up: 'up', busy: 'in a run', lost: 'lost' } as const;

/**
 * Where a run's workers can run: this machine, and each kvscope agent the
 * NATS server reaches, up, in a run or lost. A scenario's `placement` puts
 * workers on them.
 */
export function LoadGenerators() {
  const view = useAgents();
  return (
    <section className="load-generators" aria-labelledby="load-generators-title" data-testid="load-generators">
      <h2 id="load-generators-title">Load generators</h2>
      <ul>
        <li data-testid="generator-local">
          <strong>this machine</strong> <span className="hint">local workers</span>
        </li>
        {view?.agents.map((a) => (
          <li key={a.name} data-testid={`generator-${a.name}`} className={`agent-${a.state}`}>
            <strong>{a.name}</strong> <span className={`badge state-${a.state}`}>{STATE_TEXT[a.state]}</span>{' '}
            <span className="hint">
              {a.host}, {a.cores} cores, Node {a.node}
            </span>
          </li>
        ))}
      </ul>
      <small className="hint" data-testid="generators-note">
        {view === null
          ? 'asking main…'
          : view.nats === null
            ? 'No NATS server set: agents appear here once kvscope has one (kvscope serve --nats URL, or "nats" in config.json).'
            : view.agents.length === 0
              ? `No agent has spoken on ${view.nats} yet: start one with kvscope agent --nats ${view.nats}.`
              : `Agents on ${view.nats}; a scenario's placement puts workers on them ({"local": 1, "agents": {"NAME": 2, "*": 1}}).`}
      </small>
    </section>
  );
}
