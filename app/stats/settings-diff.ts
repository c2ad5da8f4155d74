import type { Scenario } from '../scenario/schema';

/** A setting whose value differs between compared runs; values in run order (undefined: not set). */
export interface SettingDiff {
  path: string;
  values: unknown[];
}

/** Only what shapes the load counts: a run's name and description are labels, not settings. */
const NOT_SETTINGS = new Set(['name', 'description']);

function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix === '' ? k : `${prefix}.${k}`, out);
    return;
  }
  out.set(prefix, value);
}

/**
 * The dotted setting paths whose values are not the same in every scenario,
 * sorted; with `runtimes` (per run: the workers' exact Node version and the
 * client libraries' versions, from the run header), those too, under
 * `runtime.`: a scenario's `node: "22"` is a request, the header says what ran.
 */
export function settingsDiff(scenarios: readonly Scenario[], runtimes?: readonly Record<string, string>[]): SettingDiff[] {
  const flat = scenarios.map((s, i) => {
    const m = new Map<string, unknown>();
    flatten(runtimes ? { ...s, runtime: runtimes[i] } : s, '', m);
    return m;
  });
  const paths = [...new Set(flat.flatMap((m) => [...m.keys()]))].filter((p) => !NOT_SETTINGS.has(p.split('.')[0])).sort();
  const diffs: SettingDiff[] = [];
  for (const path of paths) {
    const values = flat.map((m) => m.get(path));
    const first = JSON.stringify(values[0]);
    if (values.some((v) => JSON.stringify(v) !== first)) diffs.push({ path, values });
  }
  return diffs;
}
