import { errorMessage } from '../../app/error-message';
/** A message seen again within this long is counted, not logged again. */
export const ERROR_REPEAT_MS = 10_000;
/** Distinct messages remembered; beyond this, new ones are only counted. */
const MAX_DISTINCT = 50;

/**
 * Turns operation failures into a few log lines a user can act on: each
 * distinct message once, then again at most every ERROR_REPEAT_MS with how
 * often it happened meanwhile. Only runs on failures, never on success.
 */
export class ErrorLog {
  private readonly seen = new Map<string, { at: number; since: number }>();

  constructor(
    private readonly log: (message: string) => void,
    private readonly describe: (err: unknown) => string = errorMessage,
  ) {}

  record(op: string, err: unknown, timeout: boolean, now = Date.now()): void {
    const text = `${op} ${timeout ? 'timed out' : 'failed'}: ${this.describe(err)}`;
    const s = this.seen.get(text);
    if (s) {
      s.since++;
      if (now - s.at < ERROR_REPEAT_MS) return;
      this.log(`${text} (${s.since} times in the last ${Math.round((now - s.at) / 1000)} s)`);
      s.at = now;
      s.since = 0;
      return;
    }
    if (this.seen.size >= MAX_DISTINCT) return;
    this.seen.set(text, { at: now, since: 0 });
    this.log(text);
  }
}
