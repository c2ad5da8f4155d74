import { spawn } from 'node:child_process';
import { onAbort } from './cleanup';
import { REDIS_BENCHMARK } from './tools';

/** Requests per test of the calibration run, which also warms redis-benchmark and the server up. */
export const CALIBRATION_REQUESTS = 100_000;
// Bounds on requests per test, so a wild calibration cannot make a test instant or endless.
const MIN_REQUESTS = 10_000;
const MAX_REQUESTS = 100_000_000;
/** A test may run this many times longer than planned (a slower round) before it is killed. */
const TIME_LIMIT_FACTOR = 3;
const TIME_SLACK_MS = 10_000;
/** Enough of its output to explain a failure. */
const OUTPUT_TAIL_CHARS = 2_000;

export interface RedisBenchmarkSettings {
  host: string;
  port: number;
  connections: number;
  pipeline: number;
  valueSize: number;
  keySpace: number;
  /** Requests per test (GET and SET each run this many). */
  requests: number;
  /** Planned length of the whole invocation, for its time limit. */
  plannedSeconds: number;
}

export interface RedisBenchmarkResult {
  get: number;
  set: number;
  /** Rate of a 50/50 mix: equal counts, so times add and the rates combine harmonically. */
  mix: number;
  /** Plain mean of the two rates, as often quoted. */
  mean: number;
}

/** Requests per test so that each test lasts about `seconds` at the calibrated rate. */
export function requestsFor(rps: number, seconds: number): number {
  return Math.min(MAX_REQUESTS, Math.max(MIN_REQUESTS, Math.round(rps * seconds)));
}

/** (c) redis-benchmark: a C client, the reference point for what the server can do. */
export function runRedisBenchmark(o: RedisBenchmarkSettings): Promise<RedisBenchmarkResult> {
  const args = [
    '-h',
    o.host,
    '-p',
    String(o.port),
    '-c',
    String(o.connections),
    '-P',
    String(o.pipeline),
    '-t',
    'set,get',
    '-d',
    String(o.valueSize),
    '-r',
    String(o.keySpace),
    '-n',
    String(o.requests),
    '-q',
    '--csv',
  ];
  const proc = spawn(REDIS_BENCHMARK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const unregister = onAbort(() => proc.kill('SIGKILL'));
  const limitMs = o.plannedSeconds * 1000 * TIME_LIMIT_FACTOR + TIME_SLACK_MS;
  let out = '';
  let err = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => void (out += d));
  proc.stderr.setEncoding('utf8').on('data', (d: string) => void (err = (err + d).slice(-OUTPUT_TAIL_CHARS)));
  return new Promise((resolve, reject) => {
    let overran = false;
    const timer = setTimeout(() => {
      overran = true;
      proc.kill('SIGKILL');
    }, limitMs);
    proc.on('error', (e) => {
      clearTimeout(timer);
      unregister();
      reject(new Error(`cannot run ${REDIS_BENCHMARK}: ${e.message}`));
    });
    proc.on('close', (code, signal) => {
      clearTimeout(timer);
      unregister();
      if (overran) return reject(new Error(`${REDIS_BENCHMARK} did not finish within ${limitMs / 1000} s and was killed`));
      const rates = parseCsv(out);
      if (code !== 0 || rates.get === undefined || rates.set === undefined) {
        const tail = (err || out).trim().slice(-OUTPUT_TAIL_CHARS);
        return reject(new Error(`${REDIS_BENCHMARK} failed (code ${code}, signal ${signal}): ${tail}`));
      }
      resolve(combine(rates.get, rates.set));
    });
  });
}

/** GET and SET rates plus the two ways of folding them into one number. */
export function combine(get: number, set: number): RedisBenchmarkResult {
  return { get, set, mix: 2 / (1 / get + 1 / set), mean: (get + set) / 2 };
}

/** Rows like `"GET","331674.97",...`; the header row and anything unparsable are skipped. */
function parseCsv(text: string): { get?: number; set?: number } {
  const r: { get?: number; set?: number } = {};
  for (const line of text.split(/\r?\n/)) {
    const [test, rps] = line.split(',').map((c) => c.replace(/^"|"$/g, ''));
    const n = Number(rps);
    if (!Number.isFinite(n) || n <= 0) continue;
    if (test === 'GET') r.get = n;
    if (test === 'SET') r.set = n;
  }
  return r;
}
