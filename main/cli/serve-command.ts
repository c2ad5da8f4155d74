import { attachAgents } from '../nats/attach-agents';
import type { NatsSettings } from '../nats/connect';
import { mkdirSync } from 'node:fs';
import { constants } from 'node:os';
import { keepHostAlive } from '../process-guard';
import { RunController } from '../engine/run-controller';
import { generateSecret } from '../serve/auth';
import { ServeConfigError } from '../serve/config-error';
import { exposureWarnings } from '../serve/exposure';
import { openInBrowser } from '../serve/open-browser';
import { startDashboardServer, type DashboardServer, type ServeOptions } from '../serve/server';
import { readTlsFiles, type TlsFiles } from '../serve/tls';
import { secretFromTokenFile } from '../serve/token-file';
import { UsageError } from './load-scenario';
import { printError, printLine } from './terminal';
import { EXIT_OK } from '../exit-codes';
import { errorMessage } from '../../app/error-message';

interface ServeCommandOptions {
  host: string;
  port: number;
  runsDir: string;
  rendererDir: string;
  /** When the port is taken, take any free one instead of failing (the launcher's choice, not the user's). */
  anyPortIfTaken?: boolean;
  /** --token-file: the secret is read from it, or made and written to it. */
  tokenFile?: string;
  /** --tls-cert and --tls-key: HTTPS and WSS. */
  tls?: { certFile: string; keyFile: string };
  /** The NATS server of kvscope agents (serve --nats, or config.json "nats"). */
  nats?: NatsSettings;
  /** Open the printed address in the user's browser when there is a display (the launcher's choice). */
  openBrowser?: boolean;
  print?: (line: string) => void;
}

/** Any free port. */
const ANY_PORT = 0;

/**
 * `kvscope serve`: the dashboard in a browser. Runs until Ctrl-C or SIGTERM,
 * then stops a running benchmark in order (its run file complete), closes
 * every page and the server, and returns 0: a signal is how a server ends.
 * A second signal exits at once; main's exit hook kills the children.
 */
export async function serveCommand(o: ServeCommandOptions): Promise<number> {
  const print = o.print ?? printLine;
  const log = printError;
  const { secret, tls } = userSettings(o, print);
  makeRunsDir(o.runsDir);
  const controller = new RunController(o.runsDir);
  await attachAgents(controller, o.nats, print);
  const release = keepHostAlive(log);
  const base: ServeOptions = { host: o.host, port: o.port, rendererDir: o.rendererDir, controller, log, secret, tls };
  const server = await listen(base, o.anyPortIfTaken === true, print);
  // Taken before the address is printed: whoever reads it may signal at once.
  let signalled = false;
  const signal = new Promise<NodeJS.Signals>((resolve) => {
    const onSignal = (s: NodeJS.Signals): void => {
      if (signalled) {
        print(`${s}: exiting now`);
        process.exit(128 + (constants.signals[s] ?? 0));
      }
      signalled = true;
      resolve(s);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });

  // The token is in the address: whoever can read this terminal can use the dashboard, as intended.
  print(`kvscope dashboard: ${server.tokenUrl}`);
  for (const w of exposureWarnings(o.host, tls !== undefined)) print(w);
  if (o.openBrowser) openInBrowser(server.tokenUrl, print);
  print(`runs are kept in ${o.runsDir}; Ctrl-C stops the server`);
  const sig = await signal;

  print(`${sig}: stopping (a running benchmark finishes in order; again to exit at once)`);
  await controller.shutdown();
  await server.close();
  release();
  return EXIT_OK;
}

/** The runs folder, made with its parents as `kvscope run` makes it: imports into it work before the first run. */
function makeRunsDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new Error(`cannot make the runs folder ${dir}: ${errorMessage(err)}`, { cause: err });
  }
}

/** The secret and certificate the flags name, checked before anything starts; a bad one is usage (exit 2). */
function userSettings(o: ServeCommandOptions, print: (l: string) => void): { secret: string; tls?: TlsFiles } {
  try {
    const tls = o.tls && readTlsFiles(o.tls.certFile, o.tls.keyFile);
    if (!o.tokenFile) return { secret: generateSecret(), tls };
    const fromFile = secretFromTokenFile(o.tokenFile);
    print(fromFile.created ? `wrote a new secret to ${o.tokenFile} (mode 0600)` : `secret read from ${o.tokenFile}`);
    return { secret: fromFile.secret, tls };
  } catch (err) {
    throw err instanceof ServeConfigError ? new UsageError(err.message) : err;
  }
}

async function listen(o: ServeOptions, anyPort: boolean, print: (l: string) => void): Promise<DashboardServer> {
  try {
    return await startDashboardServer(o);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    if (!anyPort) throw new Error(`port ${o.port} on ${o.host} is in use: pick another with --port (0 = any free port)`, { cause: err });
    print(`port ${o.port} is in use; taking a free one`);
    return startDashboardServer({ ...o, port: ANY_PORT });
  }
}
