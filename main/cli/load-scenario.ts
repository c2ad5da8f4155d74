import { existsSync, readFileSync } from 'node:fs';
import { CATALOG, findScenario } from '../../app/scenario/catalog';
import { applyOverrides } from '../../app/scenario/overrides';
import { parseScenario, type Scenario, type ScenarioInput } from '../../app/scenario/schema';
import { UserScenarios } from '../library/user-scenarios';
import { scenariosDir } from '../config/dirs';
import { admitScenarios, refusalMessage } from '../policy/admit';
import { errorMessage } from '../../app/error-message';
import { ycsbRefusal } from '../../app/scenario/catalog-ycsb';
import { nearMiss } from '../../app/near-miss';

export class UsageError extends Error {}

/** A catalog name or a JSON file, with --set overrides applied, validated. */
export function loadScenario(ref: string, sets: readonly string[]): Scenario {
  let raw: unknown;
  if (ref.endsWith('.json') || existsSync(ref)) {
    let text: string;
    try {
      text = readFileSync(ref, 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${ref}: ${errorMessage(err)}`);
    }
    try {
      raw = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`${ref} is not valid JSON: ${errorMessage(err)}`);
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new UsageError(`${ref}: a scenario must be a JSON object`);
  } else {
    raw = findScenario(ref) ?? savedScenario(ref);
  }
  try {
    return parseScenario(applyOverrides(raw as Record<string, unknown>, sets));
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
}

/** A scenario the user saved (in the dashboard, or as a file in the scenarios folder). */
function savedScenario(name: string): ScenarioInput {
  const saved = new UserScenarios(scenariosDir());
  const found = saved.find(name);
  if (typeof found === 'string') throw new UsageError(`saved scenario "${name}" cannot be used: ${found}`);
  if (found) return found;
  const refusal = ycsbRefusal(name);
  if (refusal) throw new UsageError(refusal);
  const mine = saved.list().scenarios.map((s) => s.name);
  const near = nearMiss(
    name,
    [...CATALOG, ...saved.list().scenarios].flatMap((c) => (c.name ? [c.name] : [])),
  );
  throw new UsageError(
    `unknown scenario "${name}"${near ? ` (did you mean ${near}?)` : ''}; built-in: ${CATALOG.map((c) => c.name).join(', ')}` +
      (mine.length ? `; saved: ${mine.join(', ')}` : ''),
  );
}

/**
 * Every run of a plan checked before the first starts (a swept value may
 * change `node` or `env`): a scenario that may not run is bad usage, exit 2,
 * every refused setting named like any other scenario error.
 */
export function admitOrThrow(scenarios: readonly Scenario[]): void {
  const refused = admitScenarios(scenarios);
  if (refused.length) throw new UsageError(refusalMessage(refused));
}
