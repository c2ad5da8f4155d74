/** bench:clusters' paired rounds of two plain children: kvscope's loop beside another (--loop). */
import { join } from 'node:path';
import type { Scenario } from '../../app/scenario/schema';
import { runPairedScripts } from '../run-paired';
import { usPerOp } from '../cpu/verdict';
import type { ClusterBareStart } from './protocol';

/** One system under test: kvscope's scenario, the bare loop's script and start message. */
export interface System {
  name: string;
  scenario: Scenario;
  script: string;
  start: ClusterBareStart;
}

/** kvscope's loop in a plain child (loop-child.ts), next to this file in dist/bench/clusters. */
const LOOP_CHILD = join(__dirname, 'loop-child.js');

/**
 * --loop: kvscope's loop beside the bare loop (or another build's loop),
 * started in turn first and second; the ratio is this build's loop over the other.
 */
export async function loopRound(s: System, r: number, against: string | undefined, print: (line: string) => void): Promise<number> {
  const other = against ?? s.script;
  const scripts: [string, string] = r % 2 ? [LOOP_CHILD, other] : [other, LOOP_CHILD];
  const p = await runPairedScripts(s.scenario, [
    { script: scripts[0], start: s.start },
    { script: scripts[1], start: s.start },
  ]);
  const [mine, theirs] = r % 2 ? [p.first, p.second] : [p.second, p.first];
  const ratio = usPerOp(mine) / usPerOp(theirs);
  print(
    `round ${r} ${s.name.padEnd(13)} (loop, paired): CPU µs/op kvscope's loop ${usPerOp(mine).toFixed(2)}, ${against ? 'the other build' : 'bare'} ${usPerOp(theirs).toFixed(2)}; ratio ${ratio.toFixed(3)}`,
  );
  return ratio;
}
