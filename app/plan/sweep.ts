import { parseAssignment } from '../scenario/overrides';

/** One setting swept over values (no Node imports: the window parses what the user types with it too). */
export interface Sweep {
  /** Dotted path into the scenario, as `--set` takes it: `valueSize`, `inFlight`, `target.mode`. */
  setting: string;
  values: unknown[];
}

/** `setting=v1,v2,v3` or `setting=[v1,v2]`; each value read as JSON when it parses, else as text. */
export function parseSweep(text: string): Sweep {
  const { path, value } = parseAssignment(text);
  const raw = text.slice(text.indexOf('=') + 1);
  const values = Array.isArray(value) ? value : raw.split(',').map((v) => parseAssignment(`x=${v.trim()}`).value);
  if (values.length < 2) throw new Error(`--sweep ${text}: give at least two values, separated by commas`);
  return { setting: path.join('.'), values };
}
