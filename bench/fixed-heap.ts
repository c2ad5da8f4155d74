import { spawn } from 'node:child_process';
import { runBench } from './cleanup';

/**
 * The young generation of every process of a CPU benchmark: V8 sizes it by
 * itself (1 to 16 MiB per semi-space, grown when much survives), and that
 * decision alone moved the same bare Hazelcast loop's CPU per operation by
 * 20 to 29 % between two processes of the same code, whichever side it hit
 * (docs/benchmarks.md). Fixed at V8's own ceiling in kvscope's workers, main,
 * the monitor and the bare loops alike, both sides differ only in their code.
 * Children inherit it: main/engine/child.ts and run-bare.ts fork with this
 * process's execArgv.
 */
export const FIXED_HEAP_FLAGS: readonly string[] = ['--min-semi-space-size=16', '--max-semi-space-size=16'];

/** 128 + signal number, the shell convention for "ended by a signal". */
const EXIT_BY_SIGNAL: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };
const EXIT_FAILED = 1;

export const hasFixedHeap = (execArgv: readonly string[] = process.execArgv): boolean =>
  FIXED_HEAP_FLAGS.every((f) => execArgv.includes(f));

/** The line a benchmark prints under its title: what every process of it runs with. */
export const fixedHeapLine = (): string =>
  `heap: every process runs with ${FIXED_HEAP_FLAGS.join(' ')} (a fixed young generation; V8's own sizing moves CPU per operation by up to 29 %)`;

/**
 * Run a CPU benchmark's main in a process with the fixed young generation:
 * this one if it has it, else a copy of itself started with it, which gets
 * this process's signals and whose exit code this one exits with.
 */
export function runBenchFixedHeap(name: string, main: () => Promise<number>, print: (line: string) => void): void {
  if (hasFixedHeap()) return runBench(name, main, print);
  const child = spawn(process.execPath, [...process.execArgv, ...FIXED_HEAP_FLAGS, ...process.argv.slice(1)], { stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals): void => void child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('error', (err) => {
    print(`${name}: cannot start with a fixed heap: ${err.message}`);
    process.exit(EXIT_FAILED);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? (EXIT_BY_SIGNAL[signal] ?? EXIT_FAILED) : EXIT_FAILED)));
}
