/*
 * What a scenario's `env` may hold. The workers are Node processes running
 * kvscope's code; a variable that makes them load other code (or run with
 * other programs) would turn a scenario into a way to run anything.
 */

/** Checks a variable's value; answers why it is wrong, or undefined. */
type ValueCheck = (value: string) => string | undefined;

const wholeNumber =
  (min: number, max: number): ValueCheck =>
  (v) =>
    /^\d{1,7}$/.test(v) && Number(v) >= min && Number(v) <= max ? undefined : `must be a whole number from ${min} to ${max}`;

const oneOf =
  (...values: string[]): ValueCheck =>
  (v) =>
    values.includes(v) ? undefined : `must be ${values.map((x) => `"${x}"`).join(' or ')}`;

/** Ceiling of libuv's thread pool (its own hard limit). */
const MAX_UV_THREADS = 1024;
/** glibc malloc arenas: a few per core is the useful range. */
const MAX_MALLOC_ARENAS = 1024;

/**
 * Variables that tune the runtime without loading code. NODE_OPTIONS is
 * checked flag by flag (node-options.ts). MALLOC_ARENA_MAX trades glibc
 * malloc's memory for contention, a usual knob for multi-threaded Node
 * servers; NODE_NO_WARNINGS only silences warnings.
 */
export const ALLOWED_ENV: Readonly<Record<string, ValueCheck | 'node-options'>> = {
  UV_THREADPOOL_SIZE: wholeNumber(1, MAX_UV_THREADS),
  UV_USE_IO_URING: oneOf('0', '1'),
  NODE_OPTIONS: 'node-options',
  MALLOC_ARENA_MAX: wholeNumber(1, MAX_MALLOC_ARENAS),
  NODE_NO_WARNINGS: oneOf('1'),
};

export const ALLOWED_ENV_NAMES: readonly string[] = Object.keys(ALLOWED_ENV);

const LOADS_CODE = 'loads code into the worker; not allowed';

/** Variables refused with a reason of their own, checked before the allow-list so the message says why. */
export const REFUSED_ENV: readonly { pattern: RegExp; reason: string }[] = [
  { pattern: /^LD_/, reason: LOADS_CODE },
  { pattern: /^DYLD_/, reason: LOADS_CODE },
  { pattern: /^NODE_PATH$/, reason: 'changes where the worker loads modules from; not allowed' },
  { pattern: /^GLIBC_TUNABLES$/, reason: "changes the dynamic loader's behaviour; not allowed" },
  { pattern: /^PATH$/, reason: 'decides which programs the worker runs; not allowed' },
  { pattern: /^NODE_V8_COVERAGE$|^NODE_REPL_HISTORY$/, reason: 'makes the worker write files; not allowed' },
  { pattern: /^NODE_TLS_REJECT_UNAUTHORIZED$/, reason: 'turns off TLS certificate checks; not allowed' },
  { pattern: /^ELECTRON_/, reason: 'decides how kvscope starts its children; not allowed' },
];
