/** First reconnect delay: a restarted `kvscope serve` is found again almost at once. */
export const RECONNECT_INITIAL_MS = 250;
/** Longest wait between attempts, so a server that stays down is not hammered. */
export const RECONNECT_MAX_MS = 5000;
const RECONNECT_FACTOR = 2;

/** Delay before reconnect attempt `attempt` (0 = first after a drop). */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_INITIAL_MS * RECONNECT_FACTOR ** attempt);
}
