/**
 * Whether an operation failed because the target could not be reached at
 * all (refused, reset, closed, not yet reconnected), as opposed to an answer
 * that was an error. Such operations count as `unavailable` and their slot
 * backs off (see backoff.ts) instead of retrying at once.
 */

/** Socket errno codes of a connection that is gone or was never made. */
const CONNECTION_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTCONN',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Messages of client libraries that fail a command locally for want of a
 * connection: ioredis ("Connection is closed.", "Stream isn't writeable and
 * enableOfflineQueue options is false", MaxRetriesPerRequestError's
 * "Reached the max retries per request limit").
 */
const CONNECTION_MESSAGES: readonly RegExp[] = [
  /Connection is closed/i,
  /Stream isn't writeable/i,
  /max retries per request/i,
  /socket hang up/i,
];

/**
 * Whether `err` means the target could not be reached: the generic check
 * (errno codes, connection messages) or the driver's own signs of it (result
 * codes, client error classes). The load loop and its tests ask this one.
 */
export function isUnreachable(driver: { isUnavailable?(err: unknown): boolean }, err: unknown): boolean {
  return isConnectionFailure(err) || driver.isUnavailable?.(err) === true;
}

/** The generic check: errno codes and connection messages, whatever the client. */
function isConnectionFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  if (err.name === 'MaxRetriesPerRequestError') return true;
  return CONNECTION_MESSAGES.some((re) => re.test(err.message));
}
