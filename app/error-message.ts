/** What went wrong, in words: an Error's message, or whatever else was thrown as text. */
export const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));
