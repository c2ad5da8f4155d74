import { useKv } from '../../store/store';
import { ScenarioCard } from './ScenarioCard';

/** The built-in scenarios; picking one loads it into the editor. */
export function CatalogList() {
  const catalog = useKv((s) => s.catalog);
  const error = useKv((s) => s.catalogError);
  const source = useKv((s) => s.editor.source);
  const load = useKv((s) => s.loadScenario);
  if (error) return <p className="banner error">Could not load the scenarios: {error}</p>;
  if (!catalog) return <p className="muted">Loading scenarios…</p>;
  return (
    <nav className="catalog" aria-label="scenarios">
      {catalog.map((s) => (
        <ScenarioCard key={s.name} scenario={s} selected={s.name === source} onSelect={() => load(s)} />
      ))}
    </nav>
  );
}
