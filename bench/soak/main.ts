/**
 * `npm run bench:soak`: does main's memory stay flat through a long run? A
 * synthetic day (86 400 one-second samples from 4 workers, get/set/del with
 * HDR histograms as workers encode them) goes through the TickMerger, the
 * Run's summary and outcome, the RunController (its capped state and pushes)
 * and the recorder (every second into a run file), as fast as they take it.
 * Heap and RSS are read after a full GC at checkpoints; the verdict is on the
 * heap after the first hour, when the controller's one-hour buffer is full.
 * Run node with --expose-gc (the npm script does).
 */
import { MIB } from '../../app/report/numbers';
import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseScenario } from '../../app/scenario/schema';
import type { Summary } from '../../app/metrics/summary';
import { outcomeOf } from '../../app/metrics/outcome';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { RunController } from '../../main/engine/run-controller';
import { parseOptions, UsageError, FIRST_HOUR_SECONDS, type SoakOptions } from './options';
import { SoakRun, type Checkpoint } from './soak-run';
import { verdict } from './verdict';
import { errorMessage } from '../../app/error-message';
import { EXIT_OK, EXIT_FAILED, EXIT_USAGE } from '../../main/exit-codes';

const print = (line: string): void => void process.stdout.write(line + '\n');

function measure(second: number): Checkpoint {
  global.gc?.();
  const m = process.memoryUsage();
  return { second, heapUsed: m.heapUsed, rss: m.rss };
}

/** A RAM-backed folder when there is one: the recorder syncs every second to disk, which would time the disk. */
function scratchDir(): string {
  return mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'kvscope-soak-'));
}

/** Sample lines in the run file, counted as they stream by: reading a day's file whole would dwarf what is measured. */
async function sampleLines(file: string): Promise<number> {
  let n = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity }))
    if (line.startsWith('{"type":"sample"')) n++;
  return n;
}

async function soak(o: SoakOptions): Promise<number> {
  if (!global.gc) throw new UsageError('run node with --expose-gc (npm run bench:soak does)');
  const seconds = Math.round(o.hours * 3600);
  const dir = scratchDir();
  let run: SoakRun | undefined;
  try {
    const controller = new RunController(dir, (scenario, group) => (run = new SoakRun(scenario, group, o.checkpointSeconds, measure)));
    const ended = new Promise<{ summary: Summary; file: string | null }>((resolve) =>
      controller.subscribe((channel, data) => channel === 'runEnded' && resolve(data as { summary: Summary; file: string | null })),
    );
    const scenario = {
      name: 'soak',
      target: { kind: 'redis', port: 6379 },
      workers: o.workers,
      warmupSeconds: 0,
      durationSeconds: seconds,
    };
    const started = Date.now();
    print(
      `soak: ${seconds} s (${o.hours} h) of ${o.workers} workers through merger, run, controller and recorder; checkpoint every ${o.checkpointSeconds} s`,
    );
    const baseline = measure(0);
    const answer = await controller.startRun({ scenario: parseScenario(scenario) });
    if (!answer.ok) throw new Error(`the soak scenario was refused: ${answer.message}`);
    const { summary, file } = await ended;
    const wall = (Date.now() - started) / 1000;
    const points = [baseline, ...(run?.checkpoints ?? [])];
    print('second     heap MiB   rss MiB');
    for (const c of points)
      print(`${String(c.second).padStart(6)}   ${(c.heapUsed / MIB).toFixed(1).padStart(8)}  ${(c.rss / MIB).toFixed(1).padStart(8)}`);
    const exact = summary.total.ops === run?.source.ops && summary.total.errors === run.source.errors;
    print(
      `summary: ${outcomeOf(summary).kind}, ${summary.seconds} s, ${summary.total.ops} ops (${exact ? 'exact' : `MISMATCH: fed ${run?.source.ops}`}), ${summary.total.errors} errors; ${wall.toFixed(1)} s wall, ${(seconds / wall).toFixed(0)} samples/s`,
    );
    if (file) print(`run file: ${await sampleLines(file)} samples kept (every second)`);
    const v = verdict(points, FIRST_HOUR_SECONDS);
    print(v.text);
    return exact ? EXIT_OK : EXIT_FAILED;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

Promise.resolve()
  .then(() => soak(parseOptions(process.argv.slice(2))))
  .then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      print(`bench:soak: ${errorMessage(err)}`);
      process.exitCode = err instanceof UsageError ? EXIT_USAGE : EXIT_FAILED;
    },
  );
