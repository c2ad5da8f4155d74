/**
 * bench:second: what a run's once-a-second work costs a worker and main, from
 * a fresh process's first second to its warm ones. Work done once a second
 * never runs often enough to stay compiled for long, so it is paid mostly in
 * interpreted code and compile time, and no load benchmark can tell it from
 * the load loop's noise. Each round replays the seconds in a fresh child
 * (child.ts) for this build and, with `--against DIR`, for another build's
 * dist folder, in alternating order; parts and builds are set side by side.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PARTS, type ChildRequest, type ChildResult, type Part } from './child';
import { errorMessage } from '../../app/error-message';
import { readArgs, usageOf, type ArgSpecs } from '../args';

/** Seconds whose cost is read apart: the cold start (interpreter, then the compiler at work). */
const COLD_SECONDS = 10;
const DEFAULTS = { rounds: 3, seconds: 40, gapMs: 100, perSecond: 13_000 };
const LIMITS = { rounds: 50, seconds: 600, gapMs: 2000 };
/** Each child's replay is bounded: seconds x (gap + work) with room to spare. */
const CHILD_TIMEOUT_MS = 10 * 60 * 1000;
/** The systems replayed: a single worker of a get/set mix, and four workers of three ops. */
const SHAPES = [
  { workers: 1, ops: 2 },
  { workers: 4, ops: 3 },
];

const SPECS = {
  rounds: { kind: 'whole', min: 1, max: LIMITS.rounds, value: 'N', help: `fresh replays per build and shape, default ${DEFAULTS.rounds}` },
  seconds: {
    kind: 'whole',
    min: COLD_SECONDS + 1,
    max: LIMITS.seconds,
    value: 'S',
    help: `seconds replayed in each (the first ${COLD_SECONDS} reported apart), default ${DEFAULTS.seconds}`,
  },
  gap: { kind: 'whole', min: 1, max: LIMITS.gapMs, value: 'MS', help: `pause between two seconds (ms), default ${DEFAULTS.gapMs}` },
  against: {
    kind: 'text',
    value: 'DIR',
    help: "another build's dist folder, replayed beside this one",
    check: (v: string) =>
      existsSync(join(resolve(v), 'app', 'metrics', 'merge-ticks.js'))
        ? undefined
        : 'not a built dist folder (no app/metrics/merge-ticks.js)',
  },
} as const satisfies ArgSpecs;

const USAGE = usageOf('node dist/bench/second/main.js', SPECS);

interface Options {
  rounds: number;
  seconds: number;
  gapMs: number;
  against?: string;
}

function parse(argv: readonly string[]): Options {
  const a = readArgs(argv, SPECS, USAGE);
  const o: Options = { rounds: a.rounds ?? DEFAULTS.rounds, seconds: a.seconds ?? DEFAULTS.seconds, gapMs: a.gap ?? DEFAULTS.gapMs };
  if (a.against !== undefined) o.against = resolve(a.against);
  return o;
}

function replay(req: ChildRequest): ChildResult {
  const r = spawnSync(process.execPath, [join(__dirname, 'child.js'), JSON.stringify(req)], {
    encoding: 'utf8',
    timeout: CHILD_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  if (r.status !== 0) throw new Error(`replay of ${req.dist} failed (${r.status ?? r.signal}): ${r.stderr.trim() || r.error?.message}`);
  return JSON.parse(r.stdout) as ChildResult;
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (us: number): string => (us / 1000).toFixed(2);

/** A part's cold total (ms over the first seconds) and warm mean (ms a second after them), medians over rounds. */
function figures(results: readonly ChildResult[], part: Part | 'main'): { cold: number; warm: number } {
  const perSecond = (r: ChildResult): number[] =>
    part === 'main' ? r.decode.map((_, k) => r.decode[k] + r.merge[k] + r.summary[k] + r.line[k]) : r[part];
  const cold = results.map((r) =>
    perSecond(r)
      .slice(0, COLD_SECONDS)
      .reduce((a, b) => a + b, 0),
  );
  const warm = results.map((r) => {
    const rest = perSecond(r).slice(COLD_SECONDS);
    return rest.reduce((a, b) => a + b, 0) / rest.length;
  });
  return { cold: median(cold), warm: median(warm) };
}

function main(): void {
  const o = parse(process.argv.slice(2));
  const builds = [join(__dirname, '..', '..'), ...(o.against ? [o.against] : [])];
  console.log(`bench:second: ${o.rounds} round(s) of ${o.seconds} seconds a ${o.gapMs} ms apart, each in a fresh process`);
  for (const shape of SHAPES) {
    const results: ChildResult[][] = builds.map(() => []);
    for (let round = 0; round < o.rounds; round++) {
      // Alternating which build goes first, so neither always runs on a machine just warmed by the other.
      const order = builds.map((_, b) => (b + round) % builds.length);
      for (const b of order)
        results[b].push(replay({ dist: builds[b], ...shape, seconds: o.seconds, gapMs: o.gapMs, perSecond: DEFAULTS.perSecond }));
    }
    console.log(`\n${shape.workers} worker(s) x ${shape.ops} op(s), ${DEFAULTS.perSecond} answers per op per worker a second:`);
    for (const part of [...PARTS, 'main'] as const) {
      const cells = results.map((r) => figures(r, part));
      const line = cells.map(
        (c, b) => `${b === 0 ? 'this build' : 'against'} ${ms(c.cold)} ms in the first ${COLD_SECONDS} s, then ${ms(c.warm)} ms a second`,
      );
      const ratio =
        cells.length > 1 && cells[1].warm > 0
          ? `; warm ratio ${(cells[0].warm / cells[1].warm).toFixed(3)}, cold ${(cells[0].cold / cells[1].cold).toFixed(3)}`
          : '';
      console.log(`  ${part.padEnd(7)} ${line.join(' | ')}${ratio}`);
    }
  }
}

try {
  main();
} catch (err) {
  console.error(errorMessage(err));
  process.exitCode = 2;
}
