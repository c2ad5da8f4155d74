import type { Scenario } from '../app/scenario/schema';
import { controlLine, cpuRatio, cpuRoundLine, cpuVerdict, floorLine } from './cpu/verdict';
import { control, floor, opsRoundLine, runPaired, type PairedRound, type PairedSide } from './run-paired';

/**
 * The rounds of a paired benchmark of one scenario (bench:overhead and
 * bench:aerospike --paired): kvscope beside the bare loop, then the control
 * (the bare loop beside itself), then the floor (the bare loop measuring
 * each answer beside the plain one); each printed as it ends, the verdicts
 * after. Returns the rounds for the driver-cost line.
 */
export async function pairedRounds(
  name: string,
  scenario: Scenario,
  bare: PairedSide,
  rounds: number,
  print: (line: string) => void,
): Promise<PairedRound[]> {
  const results: PairedRound[] = [];
  const controls: number[] = [];
  const floors: number[] = [];
  for (let r = 1; r <= rounds; r++) {
    const round = await runPaired(scenario, bare.start, bare.script);
    results.push(round);
    print(opsRoundLine(`round ${r} (paired)`, round));
    print(`   ${cpuRoundLine(round)}`);
    const side = { scenario, ...bare };
    controls.push(await control(side, print));
    floors.push(await floor(side, print));
  }
  print('');
  for (const line of cpuVerdict(name, results).lines) print(line);
  print(controlLine(name, controls));
  print(floorLine(name, floors, results.map(cpuRatio)));
  return results;
}
