/**
 * Callgrind's instrumentation (and with it the cache simulation) switched on
 * for a side's operations alone: valgrind starts the child with
 * `--instr-atstart=no`, and once the child says it is connected (READY), vgdb
 * tells callgrind to instrument, and only then does the child get its line to
 * start. Node's start and the loading of its modules took about 35 s of a
 * 40 s run of a few hundred operations under the cache simulation, and about
 * 5 s uninstrumented; the per-operation figures are differences of two runs
 * anyway, where that start cancels out.
 */
import { execFile, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { READY } from './load';

/** The valgrind flag for a child whose instrumentation instrumentOnReady switches on. */
export const INSTRUMENT_LATER = '--instr-atstart=no';
/** vgdb reaches a process blocked in a system call through ptrace at once; far more than that is a hung vgdb. */
const VGDB_MS = 30_000;

type Child = ChildProcessByStdio<Writable, Readable, Readable>;

/** Switch instrumentation on in the callgrind `child` (by `vgdb`) when it says READY, then let it start; rejects if vgdb fails or the child ends first. */
export function instrumentOnReady(vgdb: string, child: Child): Promise<void> {
  return new Promise((resolve, reject) => {
    let said = '';
    const onData = (d: string): void => {
      said += d;
      if (!said.includes(READY)) return;
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      execFile(vgdb, [`--pid=${child.pid}`, 'instrumentation', 'on'], { timeout: VGDB_MS }, (err, _out, stderr) => {
        if (err) return reject(new Error(`vgdb could not switch callgrind's instrumentation on in ${child.pid}: ${err.message} ${stderr}`));
        child.stdin.end('go\n');
        resolve();
      });
    };
    const onExit = (): void => reject(new Error(`the child ended before it was ready (said: ${JSON.stringify(said)})`));
    child.stdout.setEncoding('utf8').on('data', onData);
    child.once('exit', onExit);
  });
}
