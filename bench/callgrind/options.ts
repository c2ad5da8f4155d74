/** Operations measured per side: the difference between the two runs. */
export const DEFAULT_OPS = 200_000;
/** Operations of the shorter run, whose count (start-up, JIT warm-up) is subtracted. */
export const DEFAULT_BASE = 30_000;

export interface CallgrindOptions {
  ops: number;
  base: number;
  /** Print this many functions where kvscope's side and the floor differ most (0: none). */
  functions: number;
}

const USAGE = 'usage: bench:callgrind [--ops N] [--base N] [--functions N]';
const FLAGS = { '--ops': 'ops', '--base': 'base', '--functions': 'functions' } as const;

/** `--ops N`, `--base N` and `--functions N`, whole numbers of at least 1; anything else is refused, naming the flag and why. */
export function parseCallgrindArgs(argv: readonly string[]): CallgrindOptions {
  const o: CallgrindOptions = { ops: DEFAULT_OPS, base: DEFAULT_BASE, functions: 0 };
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    if (!Object.hasOwn(FLAGS, flag)) throw new Error(`unknown option ${flag} (${USAGE})`);
    const text = argv[i + 1];
    const n = Number(text);
    if (text === undefined || !Number.isInteger(n) || n < 1)
      throw new Error(`${flag}: "${text ?? ''}" is not a whole number of at least 1`);
    o[FLAGS[flag as keyof typeof FLAGS]] = n;
  }
  return o;
}
