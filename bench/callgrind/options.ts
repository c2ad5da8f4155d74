/** Operations measured per side: the difference between the two runs. */
export const DEFAULT_OPS = 200_000;
/** Operations of the shorter run, whose count (start-up, JIT warm-up) is subtracted. */
export const DEFAULT_BASE = 30_000;

export interface CallgrindOptions {
  ops: number;
  base: number;
}

const USAGE = 'usage: bench:callgrind [--ops N] [--base N]';

/** `--ops N` and `--base N`, whole numbers of at least 1; anything else is refused, naming the flag and why. */
export function parseCallgrindArgs(argv: readonly string[]): CallgrindOptions {
  const o: CallgrindOptions = { ops: DEFAULT_OPS, base: DEFAULT_BASE };
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    if (flag !== '--ops' && flag !== '--base') throw new Error(`unknown option ${flag} (${USAGE})`);
    const text = argv[i + 1];
    const n = Number(text);
    if (text === undefined || !Number.isInteger(n) || n < 1)
      throw new Error(`${flag}: "${text ?? ''}" is not a whole number of operations of at least 1`);
    o[flag === '--ops' ? 'ops' : 'base'] = n;
  }
  return o;
}
