import type { Fatal } from '../app/protocol/fatal';
import { errorMessage } from '../app/error-message';

/**
 * The crash path every child entry shares. An exception nobody caught, or a
 * rejection nobody handled, would otherwise end the child with a stack trace
 * on stderr and a bare exit code in main; here main gets a `fatal` message
 * with the reason first, then the child exits.
 */

/** Exit code of a child that crashed (sysexits' EX_SOFTWARE: an internal error). */
export const CRASH_EXIT_CODE = 70;
/**
 * The longest a crashed child waits for its fatal message to be handed over
 * and its cleanup to finish: a wedged channel or a stuck cleanup must not
 * keep it alive (what the cleanup left is killed on exit, see local/spawned.ts).
 */
const FATAL_EXIT_TIMEOUT_MS = 2000;
/**
 * Test-only: a child whose name this variable holds throws right after its
 * handlers are installed (`name:rejection` rejects instead, `name:later`
 * throws after CRASH_TEST_LATER_MS, once it is up). A scenario cannot set
 * it: main/policy allows only a few variables in `env`.
 */
export const CRASH_TEST_ENV = 'KVSCOPE_TEST_CRASH';
/** Long enough for a built-in target to be ready and the load to run. */
const CRASH_TEST_LATER_MS = 2000;

/** Set by the first fatal: one verdict per child. */
let exiting = false;

/**
 * Send `fatal` with `message` and run `cleanup` (stop the child's own
 * servers, say), then exit with `code` once both are done or after
 * FATAL_EXIT_TIMEOUT_MS. Calls after the first are ignored: a second failure
 * while exiting must not send a second verdict.
 */
export function sendFatalAndExit(message: string, code: number, cleanup?: () => unknown): void {
  if (exiting) return;
  exiting = true;
  const exit = (): never => process.exit(code);
  setTimeout(exit, FATAL_EXIT_TIMEOUT_MS);
  const m: Fatal = { type: 'fatal', data: { message } };
  const sent = new Promise<void>((resolve) => {
    if (!process.send || !process.connected) return resolve();
    try {
      process.send(m, undefined, {}, () => resolve());
    } catch {
      resolve();
    }
  });
  // A cleanup that throws or rejects must not keep main from hearing why.
  const cleaned = Promise.resolve()
    .then(cleanup)
    .catch(() => undefined);
  void Promise.all([sent, cleaned]).then(exit);
}

/**
 * Install the crash handlers of the child called `name` (as main's logs name
 * it). `cleanup` runs before the exit, e.g. to stop servers the child started.
 */
export function installCrashHandlers(name: string, cleanup?: () => unknown): void {
  const crash = (what: string, err: unknown): void => {
    const stack = err instanceof Error && err.stack ? err.stack : errorMessage(err);
    // The stack goes to stderr, whose tail main keeps; the message goes to main's log.
    process.stderr.write(`kvscope ${name}: ${what}: ${stack}\n`);
    sendFatalAndExit(`${name} crashed (${what}): ${errorMessage(err)}`, CRASH_EXIT_CODE, cleanup);
  };
  process.on('uncaughtException', (err) => crash('uncaught exception', err));
  process.on('unhandledRejection', (reason) => crash('unhandled rejection', reason));
  triggerTestCrash(name);
}

function triggerTestCrash(name: string): void {
  const asked = process.env[CRASH_TEST_ENV];
  if (asked === name) {
    setImmediate(() => {
      throw new Error(`test crash of the ${name}`);
    });
  } else if (asked === `${name}:rejection`) {
    void Promise.reject(new Error(`test rejection in the ${name}`));
  } else if (asked === `${name}:later`) {
    setTimeout(() => {
      throw new Error(`test crash of the ${name}, later`);
    }, CRASH_TEST_LATER_MS).unref();
  }
}
