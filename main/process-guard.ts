/**
 * Keeps the process hosting the dashboard alive through an error no caller
 * caught (a listener of a run, a push to a window): it is logged and the
 * server or window goes on, rather than taking every open page with it.
 * Runs are failed in order where the error is known (a full disk); this is
 * the last guard for what is not.
 */
export function keepHostAlive(log: (line: string) => void): () => void {
  const report = (kind: string) => (err: unknown) => log(`${kind}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  const onException = report('uncaught error (the dashboard keeps running)');
  const onRejection = report('unhandled rejection (the dashboard keeps running)');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
