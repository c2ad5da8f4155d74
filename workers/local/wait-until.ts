/**
 * Poll `check` until it holds, the deadline passes, or `gaveUp` says waiting
 * is pointless. A check that never settles (a ping to a port another process
 * holds, which accepts and never answers) cannot hold the wait past either:
 * while it is pending, `gaveUp` and the deadline are still asked every poll.
 */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  gaveUp: () => string | undefined,
  pollMs = 100,
): Promise<string | undefined> {
  const until = Date.now() + timeoutMs;
  const late = (): string | undefined => (Date.now() > until ? `not ready within ${timeoutMs / 1000} s` : undefined);
  for (;;) {
    const why = gaveUp();
    if (why) return why;
    const answer = await answerOrReason(check, () => gaveUp() ?? late(), pollMs);
    if (answer === true) return undefined;
    if (typeof answer === 'string') return answer;
    const over = late();
    if (over) return over;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** The check's answer (a rejection is a no), or the first reason `reason` gives while it is pending. */
async function answerOrReason(check: () => Promise<boolean>, reason: () => string | undefined, pollMs: number): Promise<boolean | string> {
  let timer: NodeJS.Timeout | undefined;
  const watch = new Promise<string>((resolve) => {
    const look = (): void => {
      const why = reason();
      if (why) resolve(why);
      else timer = setTimeout(look, pollMs);
    };
    timer = setTimeout(look, pollMs);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(check)
        .catch(() => false),
      watch,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
