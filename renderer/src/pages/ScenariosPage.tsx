import { ScenarioEditor } from '../components/editor/ScenarioEditor';
import { CatalogList } from '../components/scenarios/CatalogList';
import { DiscardPrompt } from '../components/editor/DiscardPrompt';
import { LoadGenerators } from '../components/scenarios/LoadGenerators';

/** Pick a scenario on the left, change its settings on the right, Start. */
export function ScenariosPage() {
  return (
    <div className="scenarios">
      <aside>
        <h1>Scenarios</h1>
        <CatalogList />
        <LoadGenerators />
      </aside>
      <div className="editor-column">
        <DiscardPrompt />
        <ScenarioEditor />
      </div>
    </div>
  );
}
