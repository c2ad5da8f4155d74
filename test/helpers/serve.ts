import { descendants, startCli, type CliProcess } from './cli';
import { waitGone } from './processes';

/** How long `kvscope serve` gets to print its address, and its children to go once it stops. */
const START_MS = 20_000;
const GONE_MS = 5000;
const PRINTED = /kvscope dashboard: (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)\n/;

export interface Served {
  serve: CliProcess;
  /** The printed address, with the token. */
  tokenUrl: string;
}

/** `kvscope serve` on a free port, keeping its runs in `runs`. */
export async function startServe(runs: string, env: NodeJS.ProcessEnv = {}): Promise<Served> {
  const serve = startCli(['serve', '--port', '0', '--runs-dir', runs], env);
  await serve.waitFor(PRINTED, START_MS);
  return { serve, tokenUrl: PRINTED.exec(serve.output())?.[1] ?? '' };
}

/** Ctrl-C, as a terminal sends it; the processes it left behind (none, when it stopped them all). */
export async function stopServe(serve: CliProcess | undefined): Promise<number[]> {
  if (!serve) return [];
  const children = serve.proc.pid ? descendants(serve.proc.pid) : [];
  serve.proc.kill('SIGINT');
  await serve.exited;
  return waitGone(children, GONE_MS);
}
