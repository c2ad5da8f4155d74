import { readArgs, usageOf, type ArgSpecs } from '../args';

/** Operations measured per side: the difference between the two runs. */
export const DEFAULT_OPS = 200_000;
/** Operations of the shorter run, whose count (start-up, JIT warm-up) is subtracted. */
export const DEFAULT_BASE = 30_000;
/** Under valgrind an operation costs about 50 times its native time: bounds keep a typo from running for days. */
const MAX_OPS = 10_000_000;
const MAX_FUNCTIONS = 1000;

export interface CallgrindOptions {
  ops: number;
  base: number;
  /** Print this many functions where kvscope's side and the floor differ most (0: none). */
  functions: number;
}

const SPECS = {
  ops: { kind: 'whole', min: 1, max: MAX_OPS, value: 'N', help: `operations measured per side, default ${DEFAULT_OPS}` },
  base: { kind: 'whole', min: 1, max: MAX_OPS, value: 'N', help: `operations of the shorter run subtracted, default ${DEFAULT_BASE}` },
  functions: { kind: 'whole', min: 1, max: MAX_FUNCTIONS, value: 'N', help: 'print this many functions where the two sides differ most' },
} as const satisfies ArgSpecs;

const USAGE = usageOf('npm run bench:callgrind --', SPECS);

/** `--ops N`, `--base N` and `--functions N`; anything else is refused, naming the flag and why. */
export function parseCallgrindArgs(argv: readonly string[]): CallgrindOptions {
  const a = readArgs(argv, SPECS, USAGE);
  return { ops: a.ops ?? DEFAULT_OPS, base: a.base ?? DEFAULT_BASE, functions: a.functions ?? 0 };
}
