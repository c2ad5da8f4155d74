import type { Comparison } from '../../app/stats/compare';
import { gateResults, GateError, parseFailIf, type GateCondition, type GateResult } from '../../app/stats/gate';
import { EXIT_OK, EXIT_REGRESSION } from '../exit-codes';
import { UsageError } from './load-scenario';
import { writeOutput } from './output';

/** Fewest runs of a baseline and a candidate together for a test on the runs (one side may have one). */
const MIN_RUNS_JUDGED = 3;

export interface Gate {
  conditions: GateCondition[];
  junit?: string;
}

/**
 * `--fail-if` and `--junit` checked before any run is read: the gate judges
 * on the runs, so it needs groups (--vs) with runs enough for that test.
 */
export function gateOf(failIf: string | undefined, junit: string | undefined, groups: readonly string[][]): Gate | undefined {
  if (failIf === undefined) {
    if (junit !== undefined) throw new UsageError('--junit writes the verdicts of --fail-if: give --fail-if too');
    return undefined;
  }
  let conditions: GateCondition[];
  try {
    conditions = parseFailIf(failIf);
  } catch (err) {
    throw new UsageError((err as GateError).message);
  }
  if (groups.length < 2)
    throw new UsageError('--fail-if judges groups of runs: give the baseline runs, then --vs and the new runs (A1 A2 --vs B1 B2)');
  const short = groups.slice(1).findIndex((g) => g.length + groups[0].length < MIN_RUNS_JUDGED);
  if (short >= 0) {
    throw new UsageError(
      `--fail-if judges on the runs and needs at least ${MIN_RUNS_JUDGED} runs of the baseline and group ${short + 2} together (repeat each side: run --repeat 3)`,
    );
  }
  return { conditions, junit };
}

/** The gate's verdicts printed (and written as JUnit), and the exit code they make. */
export function judgeGate(gate: Gate, c: Comparison, say: (line: string) => void): number {
  const groups = c.groups!;
  const results = gateResults(gate.conditions, groups);
  const baseline = groups.groups[0].label;
  say(gateText(results, baseline));
  if (gate.junit) writeOutput(gate.junit, gateJunit(results, baseline), say, 'the gate as JUnit XML');
  return results.some((r) => r.failed) ? EXIT_REGRESSION : EXIT_OK;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (s: string): string => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** The gate's lines for the terminal: one per condition and candidate, then the verdict. */
export function gateText(results: readonly GateResult[], baseline: string): string {
  const lines = results.map((r) => `${r.failed ? 'FAIL' : 'pass'}  ${r.candidate} vs ${baseline}: ${r.condition}: ${r.reason}`);
  const failed = results.filter((r) => r.failed).length;
  lines.push(
    failed === 0
      ? `gate: passed (${results.length} condition${results.length === 1 ? '' : 's'} checked, on the runs)`
      : `gate: FAILED (${failed} of ${results.length} conditions, each significant on the runs and past its bound)`,
  );
  return lines.join('\n');
}

/** The gate as JUnit XML: a test case per condition and candidate, a failure where it failed (CI systems read it). */
export function gateJunit(results: readonly GateResult[], baseline: string): string {
  const failures = results.filter((r) => r.failed).length;
  const cases = results.map((r) => {
    const head = `    <testcase classname="kvscope.compare.${xml(r.candidate)}" name="${xml(`${r.condition} vs ${baseline}`)}">`;
    const body = r.failed
      ? `\n      <failure message="${xml(r.reason)}">${xml(r.reason)}</failure>\n    `
      : `\n      <system-out>${xml(r.reason)}</system-out>\n    `;
    return `${head}${body}</testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="kvscope compare" tests="${results.length}" failures="${failures}">`,
    `  <testsuite name="${xml(`kvscope compare against ${baseline}`)}" tests="${results.length}" failures="${failures}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
