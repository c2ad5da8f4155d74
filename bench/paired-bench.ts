import type { Scenario } from '../app/scenario/schema';
import { controlLine, cpuRatio, cpuRoundLine, cpuVerdict, floorLine } from './cpu/verdict';
import { control, floor, opsRoundLine, runPaired, type PairedRound, type PairedSide } from './run-paired';
import { sensitivity, sensitivityLine, type SensitivityRound } from './sensitivity';

/**
 * The rounds of a paired benchmark of one scenario (bench:overhead and
 * bench:aerospike --paired): kvscope beside the bare loop, then the control
 * (the bare loop beside itself), then the floor (the bare loop measuring
 * each answer beside the plain one), and with `sensitivityNs` the bare loop
 * with that much pure CPU added per operation beside the plain one; each
 * printed as it ends, the verdicts after. Returns the rounds for the
 * driver-cost line.
 */
export async function pairedRounds(
  name: string,
  scenario: Scenario,
  bare: PairedSide,
  rounds: number,
  print: (line: string) => void,
  sensitivityNs?: number,
): Promise<PairedRound[]> {
  const results: PairedRound[] = [];
  const controls: number[] = [];
  const floors: number[] = [];
  const known: SensitivityRound[] = [];
  for (let r = 1; r <= rounds; r++) {
    const round = await runPaired(scenario, bare.start, bare.script);
    results.push(round);
    print(opsRoundLine(`round ${r} (paired)`, round));
    print(`   ${cpuRoundLine(round)}`);
    const side = { scenario, ...bare };
    controls.push(await control(side, print));
    floors.push(await floor(side, print));
    if (sensitivityNs) known.push(await sensitivity(side, sensitivityNs, print));
  }
  print('');
  for (const line of cpuVerdict(name, results).lines) print(line);
  print(controlLine(name, controls));
  print(floorLine(name, floors, results.map(cpuRatio)));
  if (sensitivityNs) print(sensitivityLine(name, sensitivityNs, known));
  return results;
}
