import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '../../app/error-message';
import { CATALOG } from '../../app/scenario/catalog';
import { MAX_SAVED_SCENARIOS, MAX_SCENARIO_FILE_CHARS, savedNameProblem, withoutSecrets } from '../../app/scenario/saved';
import { validateScenario, type ScenarioInput } from '../../app/scenario/schema';
import type { SavedList, SaveResult } from '../../app/protocol/bridge';

const EXT = '.json';
const BUILT_IN = CATALOG.map((c) => c.name ?? '');

const refused = (field: string, reason: string): SaveResult => ({ ok: false, errors: [{ field, reason }], message: `${field}: ${reason}` });

/**
 * The user's own scenarios, one JSON file each (the same shape `kvscope run
 * file.json` takes) in kvscope's config folder, named by the scenario's name.
 * Every write goes to a temporary name and is renamed into place, so a crash
 * never leaves half a file; credentials are never written.
 */
export class UserScenarios {
  constructor(private readonly dir: string) {}

  list(): SavedList {
    const scenarios: ScenarioInput[] = [];
    const problems: string[] = [];
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((f) => f.endsWith(EXT));
    } catch {
      return { scenarios, problems };
    }
    for (const file of names.sort().slice(0, MAX_SAVED_SCENARIOS)) {
      const name = file.slice(0, -EXT.length);
      const badName = savedNameProblem(name, BUILT_IN);
      const r = badName ? `the file name cannot be a scenario's name (${badName})` : this.readOne(name);
      if (typeof r === 'string') problems.push(`${file}: ${r}`);
      else scenarios.push(r);
    }
    return { scenarios, problems };
  }

  /** A saved scenario by name, or why it cannot be used; undefined when there is none. */
  find(name: string): ScenarioInput | string | undefined {
    if (savedNameProblem(name, BUILT_IN) !== null || !existsSync(this.file(name))) return undefined;
    return this.readOne(name);
  }

  save(input: unknown, replace: boolean): SaveResult {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return refused('(scenario)', 'must be a JSON object');
    const scenario = withoutSecrets(input as ScenarioInput);
    const name = scenario.name;
    const bad = savedNameProblem(name, BUILT_IN);
    if (bad) return refused('name', bad);
    const v = validateScenario(scenario);
    if (!v.ok) return { ok: false, errors: v.errors, message: 'the scenario has settings to fix first' };
    if (!replace && existsSync(this.file(name as string)))
      return refused('name', 'a saved scenario has this name; choose another or save over it');
    if (!replace && this.count() >= MAX_SAVED_SCENARIOS)
      return refused('name', `at most ${MAX_SAVED_SCENARIOS} saved scenarios; delete some first`);
    this.write(name as string, scenario);
    return { ok: true, list: this.list() };
  }

  rename(from: string, to: string): SaveResult {
    const current = this.find(from);
    if (current === undefined) return refused('name', `no saved scenario "${from}"`);
    if (typeof current === 'string') return refused('name', current);
    if (from === to) return { ok: true, list: this.list() };
    const r = this.save({ ...current, name: to }, false);
    if (r.ok) rmSync(this.file(from), { force: true });
    return r.ok ? { ok: true, list: this.list() } : r;
  }

  remove(name: string): SavedList {
    if (savedNameProblem(name, BUILT_IN) === null) rmSync(this.file(name), { force: true });
    return this.list();
  }

  /** A scenario file from elsewhere, kept under the name it carries. */
  import(text: string): SaveResult {
    if (text.length > MAX_SCENARIO_FILE_CHARS)
      return refused('(file)', `larger than ${MAX_SCENARIO_FILE_CHARS / 1024} KiB: not a scenario`);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      return refused('(file)', `not valid JSON: ${errorMessage(err)}`);
    }
    return this.save(raw, false);
  }

  private readOne(name: string): ScenarioInput | string {
    try {
      const text = readFileSync(this.file(name), 'utf8');
      if (text.length > MAX_SCENARIO_FILE_CHARS) return 'too large to be a scenario';
      const raw = JSON.parse(text) as ScenarioInput;
      const v = validateScenario(raw);
      if (!v.ok) return v.errors.map((e) => `${e.field}: ${e.reason}`).join('; ');
      // The file's name is the scenario's name: a copy renamed on disk runs as the name it is listed by.
      return { ...raw, name };
    } catch (err) {
      return errorMessage(err);
    }
  }

  private count(): number {
    try {
      return readdirSync(this.dir).filter((f) => f.endsWith(EXT)).length;
    } catch {
      return 0;
    }
  }

  private file(name: string): string {
    return join(this.dir, name + EXT);
  }

  private write(name: string, scenario: ScenarioInput): void {
    mkdirSync(this.dir, { recursive: true });
    const tmp = join(this.dir, `.${name}.${process.pid}.tmp`);
    // 'wx': never through a file (or link) already at the temporary name.
    rmSync(tmp, { force: true });
    writeFileSync(tmp, JSON.stringify(scenario, null, 2) + '\n', { flag: 'wx' });
    renameSync(tmp, this.file(name));
  }
}
