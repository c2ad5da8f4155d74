import { errorMessage } from '../app/error-message';
import { EXIT_FAILED, EXIT_BY_SIGNAL } from '../main/exit-codes';
/**
 * Everything the benchmark starts (redis-server, kvscope workers, the bare
 * loop, redis-benchmark) registers an immediate, synchronous kill here, so no
 * process outlives the benchmark on any path: normal end, error, Ctrl-C,
 * SIGTERM or an uncaught exception (all of which pass through 'exit'). The
 * integration tests start their redis-servers through here too.
 */

type Kill = () => void;

const kills = new Set<Kill>();
let exitHooked = false;

/** Run killAll on 'exit'; once, however often it is asked. */
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', killAll);
}

/** Register a kill; the returned function unregisters it once the thing has ended normally. */
export function onAbort(kill: Kill): () => void {
  // Also covers processes (the tests) that never call installExitHandlers.
  hookExit();
  kills.add(kill);
  return () => void kills.delete(kill);
}

/** Kill everything still registered, newest first (children before the server they load). */
function killAll(): void {
  for (const kill of [...kills].reverse()) {
    kills.delete(kill);
    try {
      kill();
    } catch {
      // One failing kill must not keep the others from running.
    }
  }
}

/**
 * Install once at start-up. A signal ends the benchmark at once: a partial
 * measurement is worthless, so there is nothing to finish gracefully.
 */
export function installExitHandlers(print: (line: string) => void): void {
  hookExit();
  const onSignal = (signal: NodeJS.Signals): void => {
    print(`\n${signal}: stopping every process the benchmark started`);
    killAll();
    process.exit(EXIT_BY_SIGNAL[signal] ?? EXIT_FAILED);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/**
 * Run a benchmark's main: exit with its code; on an error print it, kill
 * everything registered, and exit 1.
 */
export function runBench(name: string, main: () => Promise<number>, print: (line: string) => void): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      print(`\n${name} failed: ${errorMessage(err)}`);
      killAll();
      process.exit(EXIT_FAILED);
    },
  );
}
