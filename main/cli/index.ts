import { parseArgs } from 'node:util';
import { CATALOG } from '../../app/scenario/catalog';
import { defaultRunsDir } from '../paths';
import { table } from './format';
import { loadScenario, UsageError } from './load-scenario';
import { EXIT_FAILED, EXIT_USAGE, runCommand } from './run-command';

const USAGE = `kvscope: benchmark key-value clusters and Node.js servers

usage:
  kvscope run <scenario | file.json> [--set key=value ...] [--out FILE] [--runs-dir DIR] [--quiet]
  kvscope scenarios

--set uses dotted paths into the scenario: --set durationSeconds=30 --set target.mode=cluster --set mix.get=0.9
Runs are kept in ${defaultRunsDir()} (KVSCOPE_RUNS overrides).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'run':
      return run(rest);
    case 'scenarios':
      return scenarios();
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
    },
  });
  if (positionals.length !== 1) throw new UsageError('run takes exactly one scenario name or file');
  const scenario = loadScenario(positionals[0], values.set ?? []);
  return runCommand(scenario, { out: values.out, runsDir: values['runs-dir'] ?? defaultRunsDir(), quiet: values.quiet });
}

function scenarios(): number {
  const rows = [['name', 'target', 'description'], ...CATALOG.map((c) => [c.name ?? '', c.target.kind, c.description ?? ''])];
  process.stdout.write(table(rows) + '\n');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(`kvscope: ${(err as Error).message}\n${usage ? '(kvscope help for usage)\n' : ''}`);
    process.exitCode = usage ? EXIT_USAGE : EXIT_FAILED;
  },
);
