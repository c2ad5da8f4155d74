import { looseSecretValues, REDACTED, SECRET_FIELDS, scrubDeep, scrubSecrets } from '../../app/scenario/secrets';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A run file's text with its id replaced (when given) and every secret the
 * header holds in clear masked in every line: the target's own field, and
 * each occurrence of its value in any string of any record (a log line, an
 * error, the outcome's reason, a name). A line holding no secret is kept
 * byte for byte; one that does is written anew. Used for files that come
 * from elsewhere (imports) and for a run file handed out whole (export),
 * which may have been written by hand.
 */
export function sanitizedRunText(text: string, id?: string): string {
  const lines = text.split('\n');
  // As the reader does: blank lines (a byte order mark among them) before the header are skipped.
  const at = lines.findIndex((l) => l.trim() !== '');
  if (at === -1) return text;
  let line: unknown;
  try {
    line = JSON.parse(lines[at].replace(/^\uFEFF/, ''));
  } catch {
    return text;
  }
  if (!isObject(line) || !isObject(line.data)) return text;
  const secrets = looseSecretValues(line.data.scenario);
  const data: Json = scrubDeep({ ...line.data }, secrets);
  if (id !== undefined) data.id = id;
  if (isObject(data.scenario) && isObject(data.scenario.target)) {
    const target: Json = { ...data.scenario.target };
    for (const f of SECRET_FIELDS) if (target[f] !== undefined) target[f] = REDACTED;
    data.scenario = { ...data.scenario, target };
  }
  const header = JSON.stringify(scrubDeep({ ...line, data }, secrets));
  const after = lines.slice(at + 1);
  return [header, ...(secrets.length === 0 ? after : after.map((l) => scrubbedLine(l, secrets)))].join('\n');
}

/** Each secret as it appears inside a JSON string when written without escapes beyond the needed ones. */
const escapedForms = (secrets: readonly string[]): string[] => secrets.map((s) => JSON.stringify(s).slice(1, -1));

/**
 * One record line without the secrets: parsed, so a secret spelled with JSON
 * escapes is found too. A line that is not JSON (the cut last line of a
 * crashed run, which no reader keeps) is masked as text.
 */
function scrubbedLine(text: string, secrets: readonly string[]): string {
  const forms = [...secrets, ...escapedForms(secrets)];
  // Without a backslash a JSON string holds exactly its characters: no form of a secret, no secret.
  if (!text.includes('\\') && !forms.some((f) => text.includes(f))) return text;
  const cr = text.endsWith('\r') ? '\r' : '';
  let rec: unknown;
  try {
    rec = JSON.parse(text);
  } catch {
    return scrubSecrets(text, forms);
  }
  const scrubbed = scrubDeep(rec, secrets);
  return scrubbed === rec ? text : JSON.stringify(scrubbed) + cr;
}
