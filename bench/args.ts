import { parseArgs } from 'node:util';

/**
 * The benchmarks' command lines, read by `node:util` parseArgs as the CLI
 * reads its own: `--flag V` and `--flag=V`, unknown flags and stray words
 * refused, and each value checked against its bounds (upper bounds keep
 * every invocation finite even with a typo in a flag). A bad flag is a
 * UsageError whose message names the flag and the reason, then the usage.
 */

export class UsageError extends Error {}

export type ArgSpec =
  /** A whole number within [min, max]. */
  | { kind: 'whole'; min: number; max: number; value: string; help: string }
  /** Any finite number within [min, max]. */
  | { kind: 'number'; min: number; max: number; value: string; help: string }
  /** Present or not. */
  | { kind: 'switch'; help: string }
  /** A word, checked by `check` (its reason when refused). */
  | { kind: 'text'; value: string; help: string; check?: (v: string) => string | undefined };

export type ArgSpecs = Record<string, ArgSpec>;

type ValueOf<S extends ArgSpec> = S extends { kind: 'switch' } ? boolean : S extends { kind: 'text' } ? string : number;

/** The flags given, each converted; a flag not given is absent (its default is the bench's to choose). */
export type Args<S extends ArgSpecs> = { [K in keyof S]?: ValueOf<S[K]> };

/** `usage: COMMAND [--a N] ...` and a line per flag, its help and bounds. */
export function usageOf(command: string, specs: ArgSpecs): string {
  const names = Object.keys(specs);
  const shape = (n: string): string => {
    const s = specs[n];
    return s.kind === 'switch' ? `--${n}` : `--${n} ${s.value}`;
  };
  const width = Math.max(...names.map((n) => shape(n).length));
  const lines = names.map((n) => {
    const s = specs[n];
    const bounds = s.kind === 'whole' || s.kind === 'number' ? ` (${s.min} to ${s.max})` : '';
    return `  ${shape(n).padEnd(width)}  ${s.help}${bounds}`;
  });
  return [`usage: ${command} ${names.map((n) => `[${shape(n)}]`).join(' ')}`, ...lines].join('\n');
}

function convert(name: string, spec: ArgSpec, raw: string | boolean): string | number | boolean {
  if (spec.kind === 'switch') return raw;
  const text = String(raw);
  if (spec.kind === 'text') {
    const why = spec.check?.(text);
    if (why !== undefined) throw new UsageError(`--${name}: ${why}, got "${text}"`);
    return text;
  }
  const n = Number(text);
  const whole = spec.kind === 'whole';
  if (text.trim() === '' || !Number.isFinite(n) || (whole && !Number.isInteger(n)) || n < spec.min || n > spec.max)
    throw new UsageError(`--${name} needs ${whole ? 'a whole number' : 'a number'} from ${spec.min} to ${spec.max}, got "${text}"`);
  return n;
}

/** The flags of `argv`; --help (or -h) and every refusal throw a UsageError carrying the usage. */
export function readArgs<S extends ArgSpecs>(argv: readonly string[], specs: S, usage: string): Args<S> {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = { help: { type: 'boolean', short: 'h' } };
  for (const [name, spec] of Object.entries(specs)) options[name] = { type: spec.kind === 'switch' ? 'boolean' : 'string' };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${usage}`);
  }
  if (values.help) throw new UsageError(usage);
  const out: Record<string, string | number | boolean> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const raw = values[name];
    if (raw === undefined) continue;
    try {
      out[name] = convert(name, spec, raw);
    } catch (err) {
      throw new UsageError(`${(err as Error).message}\n${usage}`);
    }
  }
  return out as Args<S>;
}

/** The parsed options, or undefined once the usage (or the refusal and the usage) has been printed. */
export function orUsage<T>(parse: () => T, print: (text: string) => void): T | undefined {
  try {
    return parse();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    print(err.message);
    return undefined;
  }
}
