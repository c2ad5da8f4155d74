/**
 * `npm run bench:callgrind`: instructions and L1 data-cache misses per
 * operation of the bare loop and of kvscope's load loop, counted by
 * valgrind's callgrind (its cache simulation) over the same redis-mix load
 * against one local redis-server. Counts move by a couple of percent from run
 * to run (whether a major collection falls in the window), not by 5 to 25 %
 * as CPU time does on a busy host, so a change of the loop's answer path can
 * be judged in one run. User-space only: the kernel's part (the socket
 * writes, most of a worker's CPU) is the same per operation on both sides.
 * `--functions N` names the N functions where kvscope's side and the floor
 * differ most (functions.ts), JIT code through Node's --perf-basic-prof map.
 * Each child runs uninstrumented until it has connected (instrument.ts), so
 * Node's start costs valgrind's plain speed, not the cache simulation's.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findOnPath } from '../../app/host/which';
import { installExitHandlers, onAbort, runBench } from '../cleanup';
import { FIXED_HEAP_FLAGS } from '../fixed-heap';
import { prefill } from '../prefill';
import { startRedisServer } from '../redis-server';
import { CALLGRIND_LOAD as L, SIDES, type Side } from './load';
import { parseCallgrindArgs, type CallgrindOptions } from './options';
import { perOperation, readTotals, type PerOp } from './totals';
import { INSTRUMENT_LATER, instrumentOnReady } from './instrument';
import { errorMessage } from '../../app/error-message';
import { FN_EVENTS, perOperationByFunction, perfMapLookup, selfCosts, type FnCosts } from './functions';

const CHILD = join(__dirname, 'child.js');
/** Valgrind's start of Node and the child's modules, uninstrumented, takes about 5 s (far longer on a busy host); then about 2,000 operations a second. */
const START_MS = 120_000;
const MS_PER_OP = 2;
const STDERR_TAIL_CHARS = 2_000;
const print = (line: string): void => void process.stdout.write(`${line}\n`);
const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Where Node writes the names of its JIT code under --perf-basic-prof (a fixed place, by process id). */
const perfMapOf = (pid: number): string => `/tmp/perf-${pid}.map`;

/** valgrind, and the vgdb that switches its instrumentation on. */
interface Tools {
  valgrind: string;
  vgdb: string;
}

interface Run {
  out: string;
  /** With `--functions`: Node's map of JIT code, read and removed. */
  jit?: string;
}

/** One side at one operation count under callgrind, instrumented from its operations on; resolves with the file it wrote. */
function underCallgrind(tools: Tools, side: Side, count: number, port: number, dir: string, functions: boolean): Promise<Run> {
  const out = join(dir, `${side}-${count}.out`);
  const args = ['--tool=callgrind', INSTRUMENT_LATER, '--cache-sim=yes', '--smc-check=all-non-file', `--callgrind-out-file=${out}`];
  const node = [...(functions ? ['--perf-basic-prof'] : []), ...FIXED_HEAP_FLAGS];
  const child = spawn(tools.valgrind, [...args, process.execPath, ...node, CHILD, side, String(count), String(port)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const unregister = onAbort(() => child.kill('SIGKILL'));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => void (stderr = (stderr + d).slice(-STDERR_TAIL_CHARS)));
  const limitMs = START_MS + count * MS_PER_OP;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    instrumentOnReady(tools.vgdb, child).catch((err: unknown) => {
      stderr += `\n${errorMessage(err)}`;
      child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      unregister();
      const map = child.pid === undefined ? undefined : perfMapOf(child.pid);
      const jit = functions && map && existsSync(map) ? readFileSync(map, 'utf8') : undefined;
      if (map && functions) rmSync(map, { force: true });
      if (code !== 0) return reject(new Error(`${side}, ${count} operations under callgrind: ${signal ?? `exit ${code}`}\n${stderr}`));
      if (functions && jit === undefined)
        return reject(new Error(`${side}: no ${map} (Node's --perf-basic-prof map) to name the JIT code by`));
      resolve({ out, jit });
    });
  });
}

/** A side's functions per operation, JIT code named by its map. */
function functionsOf(small: Run, large: Run, ops: number): FnCosts {
  const costs = (r: Run): FnCosts => selfCosts(readFileSync(r.out, 'utf8'), perfMapLookup(r.jit ?? ''));
  return perOperationByFunction(costs(small), costs(large), ops);
}

/** The `top` functions where kvscope's side and the floor differ most in misses, each side's own figures beside. */
function printFunctions(kv: FnCosts, floor: FnCosts, top: number): void {
  const [IR, I1, D1R, D1W] = FN_EVENTS.map((_, k) => k);
  const zero = FN_EVENTS.map(() => 0);
  const misses = (c: number[]): number => c[I1] + c[D1R] + c[D1W];
  const names = [...new Set([...kv.keys(), ...floor.keys()])];
  const gap = (n: string): number => Math.abs(misses(kv.get(n) ?? zero) - misses(floor.get(n) ?? zero));
  print(
    `functions where kvscope and the floor differ most, per operation (instructions, L1 instruction misses, L1 data misses), self cost:`,
  );
  for (const n of names.sort((a, b) => gap(b) - gap(a)).slice(0, top)) {
    const side = (c: number[]): string => `${fmt(c[IR]).padStart(6)} ${fmt(c[I1], 1).padStart(6)} ${fmt(c[D1R] + c[D1W], 1).padStart(6)}`;
    print(`  kvscope ${side(kv.get(n) ?? zero)} | floor ${side(floor.get(n) ?? zero)}  ${n.slice(-90)}`);
  }
}

function line(side: Side, p: PerOp): string {
  return `${side.padEnd(8)} instructions/op ${fmt(p.ir).padStart(7)}  L1 instruction misses/op ${fmt(p.i1, 1).padStart(5)}  L1 data misses/op ${fmt(p.d1, 1).padStart(6)} (reads ${fmt(p.d1r, 1)}, writes ${fmt(p.d1w, 1)})  last-level misses/op ${fmt(p.ll, 1)}`;
}

async function measure(o: CallgrindOptions, tools: Tools): Promise<number> {
  const server = await startRedisServer();
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-callgrind-'));
  try {
    await prefill({ host: server.host, port: server.port, keySpace: L.keySpace, keyLength: L.keyLength, valueSize: L.valueSize });
    print(
      `bench:callgrind: redis-mix's shape (${L.inFlight} in flight, ${L.valueSize} B values, GET share ${L.getShare}, ${fmt(L.keySpace)} keys prefilled), one redis-server on ${server.host}:${server.port}`,
    );
    print(
      `each side runs ${fmt(o.base)} and ${fmt(o.base + o.ops)} operations under callgrind (cache simulation), instrumented once connected; per operation = the difference / ${fmt(o.ops)}, so the JIT's warm-up cancels out`,
    );
    const per = {} as Record<Side, PerOp>;
    const fns = new Map<Side, FnCosts>();
    const functions = o.functions > 0;
    for (const side of SIDES) {
      const [small, large] = await Promise.all(
        [o.base, o.base + o.ops].map((n) => underCallgrind(tools, side, n, server.port, dir, functions)),
      );
      per[side] = perOperation(readTotals(readFileSync(small.out, 'utf8')), readTotals(readFileSync(large.out, 'utf8')), o.ops);
      print(line(side, per[side]));
      if (functions) fns.set(side, functionsOf(small, large, o.ops));
    }
    const r = (a: Side, b: Side, k: keyof PerOp): string => (per[a][k] / per[b][k]).toFixed(3);
    for (const [a, b] of [
      ['kvscope', 'bare'],
      ['floor', 'bare'],
      ['kvscope', 'floor'],
    ] as const)
      print(
        `${a} / ${b}: instructions ${r(a, b, 'ir')}, L1 instruction misses ${r(a, b, 'i1')}, L1 data misses ${r(a, b, 'd1')}, last-level misses ${r(a, b, 'll')}`,
      );
    const [kv, floor] = [fns.get('kvscope'), fns.get('floor')];
    if (kv && floor) printFunctions(kv, floor, o.functions);
    print('user space only, and a couple of percent from run to run; a measurement, not a verdict (bench:overhead judges CPU time)');
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
}

installExitHandlers(print);
runBench(
  'bench:callgrind',
  async () => {
    const o = parseCallgrindArgs(process.argv.slice(2));
    const [valgrind, vgdb] = [findOnPath('valgrind'), findOnPath('vgdb')];
    if (!valgrind || !vgdb) throw new Error('bench:callgrind needs valgrind and its vgdb on PATH (Debian: apt-get install valgrind)');
    return measure(o, { valgrind, vgdb });
  },
  print,
);
