import { REDACTED, SECRET_FIELDS } from '../../app/scenario/secrets';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A run file's text with its header line rewritten: the id replaced (when
 * given) and every secret of the target masked. The other lines are kept byte
 * for byte. Used for files that come from elsewhere (imports) and for a run
 * file handed out whole (export), which may have been written by hand.
 */
export function sanitizedRunText(text: string, id?: string): string {
  const nl = text.indexOf('\n');
  const first = nl === -1 ? text : text.slice(0, nl);
  const rest = nl === -1 ? '' : text.slice(nl);
  let line: unknown;
  try {
    line = JSON.parse(first);
  } catch {
    return text;
  }
  if (!isObject(line) || !isObject(line.data)) return text;
  const data: Json = { ...line.data };
  if (id !== undefined) data.id = id;
  if (isObject(data.scenario) && isObject(data.scenario.target)) {
    const target: Json = { ...data.scenario.target };
    for (const f of SECRET_FIELDS) if (target[f] !== undefined) target[f] = REDACTED;
    data.scenario = { ...data.scenario, target };
  }
  return JSON.stringify({ ...line, data }) + rest;
}
