import { constants } from 'node:os';
import { RunController } from '../run-controller';
import { startDashboardServer, type DashboardServer, type ServeOptions } from '../serve/server';
import { EXIT_OK } from './run-command';

export interface ServeCommandOptions {
  host: string;
  port: number;
  runsDir: string;
  rendererDir: string;
  /** When the port is taken, take any free one instead of failing (the launcher's choice, not the user's). */
  anyPortIfTaken?: boolean;
  print?: (line: string) => void;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
/** Any free port. */
const ANY_PORT = 0;

/**
 * `kvscope serve`: the dashboard in a browser. Runs until Ctrl-C or SIGTERM,
 * then stops a running benchmark in order (its run file complete), closes
 * every page and the server, and returns 0: a signal is how a server ends.
 * A second signal exits at once; main's exit hook kills the children.
 */
export async function serveCommand(o: ServeCommandOptions): Promise<number> {
  const print = o.print ?? ((l: string) => process.stdout.write(l + '\n'));
  const log = (l: string): void => void process.stderr.write(l + '\n');
  const controller = new RunController(o.runsDir);
  const base: ServeOptions = { host: o.host, port: o.port, rendererDir: o.rendererDir, controller, log };
  const server = await listen(base, o.anyPortIfTaken === true, print);
  print(`kvscope dashboard: ${server.url}`);
  if (!LOOPBACK.has(o.host)) {
    // Browsers of other sites are refused by the Origin check; a program that fakes the header is not.
    print(`warning: listening on ${o.host}: anyone who can reach this port can start and stop benchmarks`);
  }
  print(`runs are kept in ${o.runsDir}; Ctrl-C stops the server`);

  let signalled = false;
  const sig = await new Promise<NodeJS.Signals>((resolve) => {
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
  print(`${sig}: stopping (a running benchmark finishes in order; again to exit at once)`);
  await controller.shutdown();
  await server.close();
  return EXIT_OK;
}

async function listen(o: ServeOptions, anyPort: boolean, print: (l: string) => void): Promise<DashboardServer> {
  try {
    return await startDashboardServer(o);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    if (!anyPort) throw new Error(`port ${o.port} on ${o.host} is in use: pick another with --port (0 = any free port)`);
    print(`port ${o.port} is in use; taking a free one`);
    return startDashboardServer({ ...o, port: ANY_PORT });
  }
}
