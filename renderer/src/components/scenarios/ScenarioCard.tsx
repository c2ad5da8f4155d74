import type { ScenarioInput } from '../../../../app/scenario/schema';
import { useKv } from '../../store/store';
import { needOf } from './catalogGroups';

interface Props {
  scenario: ScenarioInput;
  selected: boolean;
  /** One of the user's saved scenarios (its test id says so: a saved name may match a built-in one's pattern). */
  saved?: boolean;
  onSelect(): void;
}

/** One catalog entry: what it runs against and what it measures. */
export function ScenarioCard({ scenario, selected, saved = false, onSelect }: Props) {
  const name = scenario.name ?? 'custom';
  const need = needOf(
    scenario,
    useKv((s) => s.localTools),
  );
  const mark = need.has === undefined ? '' : need.has ? '✓ ' : '✗ ';
  return (
    <button
      type="button"
      className={selected ? 'card selected' : 'card'}
      aria-pressed={selected}
      data-testid={`${saved ? 'saved' : 'scenario'}-card-${name}`}
      onClick={onSelect}
    >
      <span className="card-title">{name}</span>
      <span className="badge">{scenario.target.kind}</span>
      <span className="card-text">{scenario.description || 'No description.'}</span>
      <span
        className={`card-need${need.has === false ? ' missing' : ''}`}
        title={need.detail}
        data-testid={`need-${name}`}
        data-has={need.has === undefined ? 'yours' : String(need.has)}
      >
        {mark}Needs {need.text}
        {need.has === false ? ': not on this machine' : ''}
      </span>
    </button>
  );
}
