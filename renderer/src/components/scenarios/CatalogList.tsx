import { useState } from 'react';
import { useKv } from '../../store/store';
import { catalogSections } from './catalogGroups';
import { ScenarioCard } from './ScenarioCard';

/** The built-in scenarios by target kind, with a search; picking one loads it into the editor. */
export function CatalogList() {
  const catalog = useKv((s) => s.catalog);
  const error = useKv((s) => s.catalogError);
  const source = useKv((s) => s.editor.source);
  const load = useKv((s) => s.loadScenario);
  const [search, setSearch] = useState('');
  if (error) return <p className="banner error">Could not load the scenarios: {error}</p>;
  if (!catalog) return <p className="muted">Loading scenarios…</p>;
  const sections = catalogSections(catalog, search);
  return (
    <nav className="catalog" aria-label="scenarios">
      <input
        type="search"
        className="catalog-search"
        placeholder="Search scenarios…"
        aria-label="search scenarios"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="catalog-search"
      />
      {sections.length === 0 && <p className="muted">No scenario matches “{search}”.</p>}
      {sections.map((sec) => (
        <section key={sec.id} className="catalog-section" data-testid={`catalog-section-${sec.id}`}>
          <h2>{sec.title}</h2>
          {sec.scenarios.map((s) => (
            <ScenarioCard key={s.name} scenario={s} selected={s.name === source} onSelect={() => load(s)} />
          ))}
        </section>
      ))}
    </nav>
  );
}
