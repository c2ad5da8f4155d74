import { useState } from 'react';
import { useKv } from '../../store/store';
import { catalogSections, searchScenarios } from './catalogGroups';
import { SavedSection } from './SavedSection';
import { ScenarioCard } from './ScenarioCard';

/** The user's saved scenarios, then the built-in ones by target kind, with a search; picking one loads it into the editor. */
export function CatalogList() {
  const catalog = useKv((s) => s.catalog);
  const error = useKv((s) => s.catalogError);
  const source = useKv((s) => (s.editor.sourceKind === 'built-in' ? s.editor.source : null));
  const saved = useKv((s) => s.saved);
  const open = useKv((s) => s.openScenario);
  const [search, setSearch] = useState('');
  if (error) return <p className="banner error">Could not load the scenarios: {error}</p>;
  if (!catalog) return <p className="muted">Loading scenarios…</p>;
  const sections = catalogSections(catalog, search);
  const mine = saved ? searchScenarios(saved.scenarios, search) : [];
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
      <SavedSection scenarios={mine} searching={search.trim() !== ''} />
      {sections.length === 0 && mine.length === 0 && <p className="muted">No scenario matches “{search}”.</p>}
      {sections.map((sec) => (
        <section key={sec.id} className="catalog-section" data-testid={`catalog-section-${sec.id}`}>
          <h2>{sec.title}</h2>
          {sec.note && <p className="muted catalog-note">{sec.note}</p>}
          {sec.scenarios.map((s) => (
            <ScenarioCard key={s.name} scenario={s} selected={s.name === source} onSelect={() => open(s, 'built-in')} />
          ))}
        </section>
      ))}
    </nav>
  );
}
