import { parseArgs } from 'node:util';
import { CATALOG, catalogSweeps } from '../../app/scenario/catalog';
import { defaultRunsDir } from '../library/paths';
import { DEFAULT_HOST, DEFAULT_PORT, defaultRendererDir } from '../serve/defaults';
import { table } from './format';
import { printError, printLine } from './terminal';
import { admitOrThrow, loadScenario, UsageError } from './load-scenario';
import { EXIT_FAILED, EXIT_USAGE } from '../exit-codes';
import { parseSweep, planRuns } from '../../app/plan/plan';
import { errorMessage } from '../../app/error-message';
import { commandHelp } from './help';
import { kvscopeVersion } from '../engine/environment';
import { STDOUT } from './output';
import { natsFlags, natsSettings } from './nats-options';
import { UserScenarios } from '../library/user-scenarios';
import { scenariosDir } from '../config/dirs';
import type { ScenarioInput } from '../../app/scenario/schema';

const USAGE = `kvscope: benchmark key-value clusters and Node.js servers

usage (kvscope help COMMAND, or COMMAND --help, for one command; kvscope --version):
  kvscope run <scenario | saved scenario | file.json> [--set key=value ...] [--repeat N] [--sweep key=v1,v2,...|off ...]
              [--label TEXT] [--out FILE] [--runs-dir DIR] [--quiet]
  kvscope scenarios
  kvscope serve [--port N] [--host H] [--runs-dir DIR] [--token-file FILE] [--tls-cert FILE --tls-key FILE] [--nats URL ...]
  kvscope runs [--sort date|ops|p99|scenario] [--filter TEXT] [--runs-dir DIR]
  kvscope compare RUN RUN [RUN ...] [--baseline N] [--csv FILE] [--series-csv FILE] [--html FILE]
                  [--png FILE [--browser PATH]] [--runs-dir DIR]
  kvscope capacity <scenario | file.json> --slo "p99<2ms,errors<0.1%" [--set key=value ...] [--repeat N] [--html FILE] [--png FILE] [--runs-dir DIR] [--json]
  kvscope export RUN [--csv FILE [--format seconds|nodes|bench [--layout seconds|clients]]] [--html FILE] [--runs-dir DIR]
  kvscope runtimes [list | add VERSION | add --path PATH | remove VERSION|PATH]
  kvscope clients [list | add PKG@VERSION | remove PKG@VERSION]
  kvscope agent --nats URL [--name NAME] [--creds FILE | --nkey FILE | --token-file FILE] [--tls-ca FILE] [--insecure-open-nats]
  kvscope agents --nats URL [--nats-creds FILE | --nats-nkey FILE | --nats-token-file FILE] [--nats-tls-ca FILE]

--repeat runs the scenario N times; --sweep runs it once per value of one setting (each value --repeat times;
  catalog sweeps such as aerospike-payloads sweep by themselves, --sweep off runs them once); two or three
  --sweep flags run every combination of their values, compared per value of the first;
both end with the median and spread per value and mark runs that stand apart.
RUN is a run file, or the start of a run's id or file name in the runs folder. compare takes 2 to 8
runs; the first is the baseline unless --baseline N names another (1-based). --png draws the Compare page
in headless Chromium or Chrome (found on disk, KVSCOPE_BROWSER or --browser) and saves its picture.
--html writes a one-file report (charts, tables, settings, machine; no scripts) of the run or the comparison.
--set uses dotted paths into the scenario: --set durationSeconds=30 --set target.mode=cluster --set mix.get=0.9
serve shows the dashboard in a browser (default http://${DEFAULT_HOST}:${DEFAULT_PORT}/; --port 0 picks a free
port); it stays on loopback unless --host says otherwise (e.g. 0.0.0.0 on a load box without a display).
It prints the address to open, with a secret made for this start (?token=...); pages and scripts without it are
refused (scripts: Authorization: Bearer <secret>). --token-file keeps the secret in FILE (read if it exists, else
written, mode 0600); --tls-cert and --tls-key serve HTTPS, which a --host off loopback should use.
Ctrl-C stops it, stopping a running benchmark in order first.
runtimes lists the Node runtimes a scenario's "node" may name besides "system" (on PATH) and the one kvscope runs
on; add 22 installs the newest Node 22 from the npm registry into kvscope's cache ("node": "22" then runs on it);
add --path checks that PATH prints a Node version and records its real path.
clients lists the client library versions a target's "client" may name (e.g. "ioredis@4.28.5"); add installs one
from the npm registry into kvscope's cache; run installs the versions its scenario names by itself.
agent makes this machine a load box for runs whose "placement" names it (or "*"), coordinated over NATS; run
takes --nats URL and the --nats-* credential flags to place workers on agents; agents lists those up.
agent, run and serve refuse a NATS that lets clients in without credentials unless --insecure-open-nats is given.
Runs are kept in ${defaultRunsDir()} (KVSCOPE_RUNS overrides).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const help = commandHelp();
  // `kvscope CMD --help` and `kvscope help CMD`: that command's own help.
  if (command in help && (rest.includes('--help') || rest.includes('-h'))) return printHelp(help[command]);
  if (command === 'help' && rest.length > 0) {
    if (!(rest[0] in help)) throw new UsageError(`no command "${rest[0]}" (commands: ${Object.keys(help).join(', ')})`);
    return printHelp(help[rest[0]]);
  }
  switch (command) {
    case '--version':
    case '-V':
    case 'version':
      process.stdout.write(`kvscope ${kvscopeVersion()}\n`);
      return 0;
    case 'run':
      return run(rest);
    case 'scenarios':
      return scenarios();
    case 'serve':
      return serve(rest);
    // Each command's modules load when it runs: `kvscope scenarios` need not pay for a browser driver or the engine.
    case 'runs':
      return (await import('./runs-commands')).runsCommand(rest, print);
    case 'compare':
      return (await import('./runs-commands')).compareCommand(rest, print);
    case 'capacity':
      return (await import('./capacity-command')).capacityCommand(rest, print);
    case 'export':
      return (await import('./runs-commands')).exportCommand(rest, print);
    case 'runtimes':
      return (await import('./runtimes-command')).runtimesCommand(rest, print);
    case 'agent':
      return (await import('./agent-command')).agentCommand(rest, print);
    case 'agents':
      return (await import('./agent-command')).agentsCommand(rest, print);
    case 'clients':
      return (await import('./clients-command')).clientsCommand(rest, print);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE + '\n');
      return command === undefined ? EXIT_USAGE : 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      set: { type: 'string', multiple: true, default: [] },
      out: { type: 'string' },
      'runs-dir': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      repeat: { type: 'string', default: '1' },
      sweep: { type: 'string', multiple: true, default: [] },
      label: { type: 'string' },
      json: { type: 'boolean', default: false },
      ...natsFlags('nats-'),
    },
  });
  if (positionals.length !== 1) throw new UsageError('run takes exactly one scenario name or file');
  const scenario = loadScenario(positionals[0], values.set ?? []);
  const runsDir = values['runs-dir'] ?? defaultRunsDir();
  const sweeps = sweepsFor(positionals[0], values.sweep ?? []);
  let plans;
  try {
    plans = planRuns(scenario as unknown as Record<string, unknown>, {
      repeat: Number(values.repeat),
      sweeps: sweeps.map(parseSweep),
      label: values.label,
    });
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
  if (plans.length > 1 && values.out)
    throw new UsageError('--out names one run file; a repeat or sweep writes one per run into --runs-dir');
  await (
    await import('./install-clients')
  ).installNamedClients(
    plans.map((p) => p.scenario),
    printError,
  );
  admitOrThrow(plans.map((p) => p.scenario));
  if (plans.length > 1 && values.json) throw new UsageError("--json prints one run's summary; a repeat or sweep prints its table");
  const toStdout = values.out === STDOUT;
  if (toStdout && values.json) throw new UsageError('--out - and --json both write to standard output; choose one');
  const onAgents = plans.some((p) => Object.keys(p.scenario.placement?.agents ?? {}).length > 0);
  const link = onAgents ? await (await import('./agent-link')).openAgentLink(natsSettings(values, 'nats-')) : undefined;
  try {
    if (plans.length > 1) return await (await import('./plan-command')).planCommand(plans, { runsDir, quiet: values.quiet, agents: link });
    return await (
      await import('./run-command')
    ).runCommand(plans[0].scenario, {
      out: toStdout ? undefined : values.out,
      label: plans[0].label,
      runsDir,
      quiet: values.quiet || values.json,
      json: values.json,
      fileToStdout: toStdout,
      agents: link,
    });
  } finally {
    await link?.close();
  }
}

/** The --sweep settings given, outer first; else a catalog scenario's own sweep (`--sweep off` runs it once, as set). */
function sweepsFor(name: string, given: readonly string[]): string[] {
  if (given.includes('off')) {
    if (given.length > 1) throw new UsageError('--sweep off runs the scenario once: give it alone');
    return [];
  }
  if (given.length > 0) return [...given];
  const own = catalogSweeps(name);
  if (own.length > 0) {
    const what = own.length > 1 ? `a grid of ${own.join(' by ')}` : `a sweep of ${own[0]}`;
    printError(`${name} is ${what} (--sweep off runs it once, --sweep key=v1,v2 sweeps something else)`);
  }
  return own;
}

async function serve(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: String(DEFAULT_PORT) },
      host: { type: 'string', default: DEFAULT_HOST },
      'runs-dir': { type: 'string' },
      // The built renderer to serve; for development and tests.
      'renderer-dir': { type: 'string' },
      'token-file': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      ...natsFlags('nats-'),
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > MAX_PORT)
    throw new UsageError(`--port must be an integer 0-${MAX_PORT}, got "${values.port}"`);
  const [certFile, keyFile] = [values['tls-cert'], values['tls-key']];
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new UsageError(
      certFile === undefined ? '--tls-key needs --tls-cert (give both or neither)' : '--tls-cert needs --tls-key (give both or neither)',
    );
  }
  return (await import('./serve-command')).serveCommand({
    host: values.host ?? DEFAULT_HOST,
    port,
    runsDir: values['runs-dir'] ?? defaultRunsDir(),
    rendererDir: values['renderer-dir'] ?? defaultRendererDir(),
    nats: natsSettings(values, 'nats-'),
    tokenFile: values['token-file'],
    tls: certFile !== undefined && keyFile !== undefined ? { certFile, keyFile } : undefined,
  });
}

const MAX_PORT = 65535;

const print = printLine;

/** The catalog, then the user's saved scenarios; a file in the scenarios folder that is not one is named on stderr. */
function scenarios(): number {
  const saved = new UserScenarios(scenariosDir()).list();
  const row = (c: ScenarioInput, source: string) => [c.name ?? '', source, c.target.kind, c.description ?? ''];
  const rows = [
    ['name', 'source', 'target', 'description'],
    ...CATALOG.map((c) => row(c, 'built-in')),
    ...saved.scenarios.map((c) => row(c, 'saved')),
  ];
  printLine(table(rows, { left: [0, 1, 2, 3] }));
  for (const p of saved.problems) printError(`kvscope: not a scenario in ${scenariosDir()}: ${p}`);
  return 0;
}

function printHelp(text: string): number {
  process.stdout.write(`${text}\n`);
  return 0;
}

// `kvscope runs | head`: a reader that stops reading is not an error; the command finishes its work.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED') throw err;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    printError(`kvscope: ${errorMessage(err)}${usage ? '\n(kvscope help for usage)' : ''}`);
    process.exitCode = usage ? EXIT_USAGE : EXIT_FAILED;
  },
);
