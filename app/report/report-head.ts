import type { RunEnvironment } from '../run/format';
import { runTitle } from '../run/title';
import type { RunGroup } from '../plan/group';

const GIB = 1024 ** 3;

interface RunRef {
  id: string;
  name: string;
  createdAt: string;
  group?: RunGroup;
}

/** The machine a run ran on, in one line: host, CPUs, memory, OS, the workers' Node. */
export function machineOf(env: RunEnvironment): string {
  const cpu = env.cpuModel ? `${env.cpus} × ${env.cpuModel}` : `${env.cpus} CPUs`;
  return `${env.host} · ${cpu} · ${Math.round(env.totalMemory / GIB)} GiB · ${env.platform} ${env.arch} · Node ${env.workerNode}`;
}

/** "2026-11-24 01:19 UTC": a run's start, the same in every time zone a report is read in. */
export function reportDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The head of a comparison as pasted into a report (the Compare page and its
 * PNG, `kvscope compare --png`): which runs (baseline first), when, and on
 * what machine; one machine line when every run had the same.
 */
export function comparisonHead(runs: readonly RunRef[], baseline: number, machines: readonly string[]): { title: string; lines: string[] } {
  const order = [baseline, ...runs.map((_, i) => i).filter((i) => i !== baseline)];
  const title = order.map((i) => runTitle(runs[i])).join(' vs ');
  const dates = [...new Set(order.map((i) => reportDate(runs[i].createdAt)))];
  const lines = [`${dates.length === 1 ? 'Run on' : 'Runs on'} ${dates.join(', ')}`];
  const distinct = [...new Set(machines)];
  if (distinct.length === 1) lines.push(`Machine: ${distinct[0]}`);
  else if (distinct.length > 1) for (const i of order) lines.push(`Machine of ${runTitle(runs[i])}: ${machines[i] ?? 'unknown'}`);
  return { title, lines };
}
