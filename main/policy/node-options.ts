import { ALLOWED_NODE_FLAGS, CHOICE_NODE_FLAGS, NUMERIC_NODE_FLAGS, REFUSED_NODE_FLAGS, SWITCH_NODE_FLAGS } from './node-options-lists';

/** Node's own parser honours quotes and backslashes; refusing them keeps what is checked what Node reads. */
const QUOTING = /["'\\]/;
/** Biggest value a numeric flag takes here (MB of heap, bytes of headers, threads): bounds a typo. */
const MAX_FLAG_VALUE = 10_000_000;
/** A token longer than this is cut short in messages. */
const SHOWN_CHARS = 60;

const shown = (token: string): string => (token.length > SHOWN_CHARS ? `${token.slice(0, SHOWN_CHARS)}…` : token);

/**
 * Why a NODE_OPTIONS value may not reach a worker, one reason per bad flag;
 * empty when every flag is on the safe list.
 */
export function nodeOptionsProblems(value: string): string[] {
  if (QUOTING.test(value)) return ['quotes and backslashes are not allowed: give plain flags separated by spaces'];
  return value
    .split(/\s+/)
    .filter((t) => t !== '')
    .flatMap((token) => {
      const why = flagProblem(token);
      return why ? [`${shown(token)}: ${why}`] : [];
    });
}

function flagProblem(token: string): string | undefined {
  const m = /^(--?)([^=]*)(?:=(.*))?$/s.exec(token);
  if (!m || m[2] === '') return 'not a flag (a value goes after "=", e.g. --max-old-space-size=256)';
  // Node reads --max_old_space_size as --max-old-space-size, so both spellings are compared as one.
  const name = m[2].replace(/_/g, '-');
  const value = m[3];
  const refused = REFUSED_NODE_FLAGS.find((r) => r.pattern.test(name));
  if (refused) return refused.reason;
  if (m[1] === '-') return 'short flags are not allowed';
  if (NUMERIC_NODE_FLAGS.includes(name)) {
    if (value === undefined) return `needs a value: --${name}=N`;
    return /^\d{1,8}$/.test(value) && Number(value) <= MAX_FLAG_VALUE
      ? undefined
      : `the value must be a whole number up to ${MAX_FLAG_VALUE}`;
  }
  if (SWITCH_NODE_FLAGS.includes(name)) return value === undefined ? undefined : 'takes no value';
  // An own-property test: a name such as "constructor" must not find Object's members.
  const choices = Object.hasOwn(CHOICE_NODE_FLAGS, name) ? CHOICE_NODE_FLAGS[name] : undefined;
  if (choices) return value !== undefined && choices.includes(value) ? undefined : `the value must be one of ${choices.join(', ')}`;
  return `not on the list of allowed NODE_OPTIONS flags (${ALLOWED_NODE_FLAGS.join(', ')})`;
}
