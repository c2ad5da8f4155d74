import { existsSync, readFileSync } from 'node:fs';
import { CATALOG, findScenario } from '../../app/scenario/catalog';
import { applyOverrides } from '../../app/scenario/overrides';
import { parseScenario, type Scenario } from '../../app/scenario/schema';
import { admitScenarios, refusalMessage } from '../policy/admit';
import { errorMessage } from '../../app/error-message';

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
    raw = findScenario(ref);
    if (!raw) throw new UsageError(`unknown scenario "${ref}"; built-in: ${CATALOG.map((c) => c.name).join(', ')}`);
  }
  try {
    return parseScenario(applyOverrides(raw as Record<string, unknown>, sets));
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
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
