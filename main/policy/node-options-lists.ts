/*
 * Flags a scenario may put in NODE_OPTIONS: they size the heap and pools or
 * change what is printed, and none loads code, opens a port or writes files.
 * Names are written without the leading dashes and with dashes, the form
 * they are compared in (Node takes `_` for `-` too).
 */

/** Flags taking a whole number: `--max-old-space-size=256`. */
export const NUMERIC_NODE_FLAGS: readonly string[] = [
  'max-old-space-size',
  'max-semi-space-size',
  'max-http-header-size',
  'v8-pool-size',
  'stack-trace-limit',
];

/**
 * Flags without a value. --trace-gc is not here: Node 20 refuses it in
 * NODE_OPTIONS, so the worker would not start.
 */
export const SWITCH_NODE_FLAGS: readonly string[] = [
  'no-warnings',
  'no-deprecation',
  'trace-warnings',
  'trace-deprecation',
  'pending-deprecation',
  'expose-gc',
  'trace-uncaught',
  'zero-fill-buffers',
];

/** Flags taking one of a few words. */
export const CHOICE_NODE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  'dns-result-order': ['ipv4first', 'ipv6first', 'verbatim'],
  'unhandled-rejections': ['strict', 'warn', 'throw', 'none', 'warn-with-error-code'],
};

export const ALLOWED_NODE_FLAGS: readonly string[] = [
  ...NUMERIC_NODE_FLAGS.map((f) => `--${f}=N`),
  ...SWITCH_NODE_FLAGS.map((f) => `--${f}`),
  ...Object.entries(CHOICE_NODE_FLAGS).map(([f, v]) => `--${f}=${v.join('|')}`),
];

const LOADS_CODE = 'loads code into the worker; not allowed';
const WRITES_FILES = 'makes the worker write files; not allowed';

/** Flags refused with a reason of their own (the rest are refused as not on the list). */
export const REFUSED_NODE_FLAGS: readonly { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^(r|require|import|loader|experimental-loader|e|eval|p|print|snapshot-blob|build-snapshot|openssl-config|icu-data-dir)$/,
    reason: LOADS_CODE,
  },
  { pattern: /^(inspect|debug)/, reason: 'opens a debugger port that runs any code sent to it; not allowed' },
  { pattern: /^experimental-/, reason: 'experimental features are not allowed (several load code)' },
  { pattern: /^env-file/, reason: 'reads more variables, NODE_OPTIONS included, from a file; not allowed' },
  { pattern: /^(prof|cpu-prof|heap-prof|heapsnapshot|diagnostic-dir|report-|redirect-warnings|trace-event|perf-)/, reason: WRITES_FILES },
];
