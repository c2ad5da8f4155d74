const BOUND_WORDS: Record<string, string> = { '>=': '≥', '>': '>', '<=': '≤', '<': '<' };

/**
 * zod's wording, said the way a settings form says it ("must be a whole
 * number", not "Invalid input: expected int, received number"): every
 * validation message, in the UI, the CLI and the Bridge, goes through it.
 * Anything it does not know is shown as is.
 */
export function friendlyReason(reason: string): string {
  if (reason === 'Invalid input: expected int, received number') return 'must be a whole number';
  if (/^Too small: expected string to have >=1 characters?$/.test(reason)) return 'must not be empty';
  const expected = /^Invalid input: expected (\w+), received \w+$/.exec(reason);
  if (expected) return `must be a ${expected[1]}`;
  const bound = /^Too (?:small|big): expected number to be ([<>]=?)(\S+)$/.exec(reason);
  if (bound) return `must be ${BOUND_WORDS[bound[1]]} ${bound[2]}`;
  return reason;
}
