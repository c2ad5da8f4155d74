/**
 * V8's memory reducer, turned off in kvscope's processes that idle between
 * once-a-second work: main, the monitor and a local cluster's keeper. Meant
 * to shrink an idle heap, it kept collecting in them: a Redis Cluster
 * monitor's CPU time halved without it (7.4 to 3.5 ms a second), and in
 * main its collections (40 to 70 ms, 8 to 17 s after start) landed inside a
 * short run's measured seconds (docs/benchmarks.md, "Main's and the monitor's
 * second"). Set at run time it
 * does not take (the reducer exists from the heap's start), so it goes on
 * the command line: the children's (target-runner.ts), Electron's
 * (launch.ts), and for main as Node the `kvscope` command's first line and
 * the npm scripts. Load workers keep Node's defaults, as any client does.
 */
export const NO_MEMORY_REDUCER = '--no-memory-reducer';

/**
 * Main's Node flags as its children inherit them: without main's own
 * NO_MEMORY_REDUCER, which is no child's (a worker keeps Node's defaults; the
 * idle children get it from their own flags).
 */
export function inheritedFlags(execArgv: readonly string[]): string[] {
  return execArgv.filter((f) => f !== NO_MEMORY_REDUCER);
}
