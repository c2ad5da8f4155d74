import type { ScenarioInput } from '../../../../app/scenario/schema';

interface Props {
  scenario: ScenarioInput;
  selected: boolean;
  onSelect(): void;
}

/** One catalog entry: what it runs against and what it measures. */
export function ScenarioCard({ scenario, selected, onSelect }: Props) {
  const name = scenario.name ?? 'custom';
  return (
    <button
      type="button"
      className={selected ? 'card selected' : 'card'}
      aria-pressed={selected}
      data-testid={`scenario-card-${name}`}
      onClick={onSelect}
    >
      <span className="card-title">{name}</span>
      <span className="badge">{scenario.target.kind}</span>
      <span className="card-text">{scenario.description || 'No description.'}</span>
    </button>
  );
}
