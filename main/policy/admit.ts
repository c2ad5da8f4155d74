import { fieldErrorLines, type FieldError, type Scenario } from '../../app/scenario/schema';
import { checkClient } from './client';
import { checkEnv } from './env';
import { checkPathSettings } from './folders';
import { checkMemberHeap } from './member-heap';
import { checkHazelcastMember } from './hazelcast-member';
import { checkMetricsUrls } from './metrics-hosts';
import { checkNode } from './runtime';

/**
 * What may run: a scenario is a benchmark's settings, never a way to run
 * other code, write elsewhere, or start servers larger than this machine. Every way a run starts (CLI, Bridge,
 * Electron IPC, and Run.execute itself) asks this first. Answers every
 * setting that is not allowed, with the reason; empty when all is well.
 */
export function admitScenario(s: Scenario, env: NodeJS.ProcessEnv = process.env): FieldError[] {
  return [
    ...checkNode(s.node, env),
    ...checkEnv(s.env),
    ...checkPathSettings(s.target, env),
    ...checkClient(s, env),
    ...checkMemberHeap(s.target),
    ...checkHazelcastMember(s.target, env),
    ...checkMetricsUrls(s.target, env),
  ];
}

/** The scenarios of a repeat or sweep: a swept value may change `node` or `env`. Each refusal once. */
export function admitScenarios(list: readonly Scenario[], env: NodeJS.ProcessEnv = process.env): FieldError[] {
  const seen = new Map<string, FieldError>();
  for (const s of list) for (const e of admitScenario(s, env)) seen.set(`${e.field}\n${e.reason}`, e);
  return [...seen.values()];
}

export function refusalMessage(errors: readonly FieldError[]): string {
  return `scenario not allowed:\n${fieldErrorLines(errors)}`;
}

class ScenarioRefused extends Error {
  constructor(readonly errors: readonly FieldError[]) {
    super(refusalMessage(errors));
    this.name = 'ScenarioRefused';
  }
}

/** Throws ScenarioRefused unless the scenario is allowed. */
export function assertAdmitted(s: Scenario, env: NodeJS.ProcessEnv = process.env): void {
  const errors = admitScenario(s, env);
  if (errors.length) throw new ScenarioRefused(errors);
}
