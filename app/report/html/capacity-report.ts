import { held, type StepResult } from '../../capacity/search';
import type { Thresholds } from '../../metrics/thresholds';
import { redactScenario } from '../../scenario/secrets';
import type { Scenario } from '../../scenario/schema';
import { MILLISECONDS } from '../latency-format';
import { fmtInt, fmtUsAsMs, US_PER_MS } from '../numbers';
import { htmlDocument, htmlTable } from './document';
import { esc } from './escape';
import { settingsTable } from './sections';
import { reportDate } from '../report-head';
import { svgXyChart, type XyMark } from './svg-xy-chart';

export interface CapacityReport {
  scenario: Scenario;
  slo: Thresholds;
  sloText: string;
  answer: string;
  probeOpsPerSec: number;
  steps: readonly StepResult[];
  capacity: StepResult | null;
  createdAt: string;
}

const PERCENTILES = [
  { name: 'p50', key: 'p50' },
  { name: 'p99', key: 'p99' },
  { name: 'p99.9', key: 'p999' },
] as const;

/** Latency against the throughput each step reached, in the order of the rates asked, with the knee and the limits marked. */
export function capacityChart(steps: readonly StepResult[], capacity: StepResult | null, slo: Thresholds): string {
  const byRate = [...steps].sort((a, b) => a.rate - b.rate);
  const series = PERCENTILES.map((p) => ({
    name: p.name,
    points: byRate.filter((s) => s.latencyUs).map((s) => ({ x: s.achieved, y: s.latencyUs![p.key] / US_PER_MS })),
  }));
  const marks: XyMark[] = [];
  if (capacity) marks.push({ axis: 'x', value: capacity.achieved, label: `capacity ${fmtInt(capacity.achieved)} ops/s` });
  if (slo.p99Ms !== undefined) marks.push({ axis: 'y', value: slo.p99Ms, label: `p99 limit ${slo.p99Ms} ms` });
  if (slo.p999Ms !== undefined) marks.push({ axis: 'y', value: slo.p999Ms, label: `p99.9 limit ${slo.p999Ms} ms` });
  return svgXyChart('Latency against throughput, a point per step', 'ops/s', MILLISECONDS, series, marks, 'log');
}

/** A capacity search as a one-file HTML report: the answer, the chart, every step, the settings. */
export function capacityReportHtml(r: CapacityReport): string {
  const name = r.scenario.name;
  const rows = [...r.steps]
    .sort((a, b) => a.rate - b.rate)
    .map((s) => [
      { num: fmtInt(s.rate) },
      { num: fmtInt(s.achieved) },
      { num: s.latencyUs ? fmtUsAsMs(s.latencyUs.p50) : '-' },
      { num: s.latencyUs ? fmtUsAsMs(s.latencyUs.p99) : '-' },
      { num: s.latencyUs ? fmtUsAsMs(s.latencyUs.p999) : '-' },
      held(s) ? 'yes' : 'no',
      s.why ?? (held(s) ? '' : 'throughput did not follow'),
    ]);
  const body = [
    `<h1>Capacity of ${esc(name)} within ${esc(r.sloText)}</h1>`,
    `<p class="muted">Searched on ${esc(reportDate(r.createdAt))} · ${esc(r.scenario.target.kind)} · closed-loop probe ${esc(fmtInt(r.probeOpsPerSec))} ops/s, then ${r.steps.length} open-loop steps</p>`,
    `<p><strong>${esc(r.answer)}</strong></p>`,
    capacityChart(r.steps, r.capacity, r.slo),
    '<h2>Steps</h2>',
    htmlTable(['rate asked', 'ops/s reached', 'p50 ms', 'p99 ms', 'p99.9 ms', 'held', 'why not'], rows, 0),
    '<h2>Settings</h2>',
    settingsTable(redactScenario(r.scenario)),
  ].join('\n');
  return htmlDocument(`kvscope capacity: ${name}`, body, 'kvscope capacity');
}
