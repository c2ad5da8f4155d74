import { describe, expect, it } from 'vitest';
import { compareGroups } from '../../app/stats/compare-groups';
import { GateError, gateResults, parseFailIf } from '../../app/stats/gate';
import { gateJunit, gateText } from '../../main/cli/compare-gate';
import { fixtureRun, steady } from './run-fixture';

const runAt = (id: string, count: number, us = 1000) => fixtureRun(id, steady(20, { get: { count, us } }));
const group = (prefix: string, counts: number[], us?: number) => counts.map((n, i) => runAt(`${prefix}${i}`, n, us));

describe('--fail-if conditions', () => {
  it('parse ops/s and p99 bounds in either direction', () => {
    expect(parseFailIf('ops/s<-5%, p99>+10%')).toEqual([
      { text: 'ops/s<-5%', metric: 'ops/s', direction: '<', boundPct: -5 },
      { text: 'p99>+10%', metric: 'p99', direction: '>', boundPct: 10 },
    ]);
  });

  it('refuse what they cannot read, naming the condition', () => {
    expect(() => parseFailIf('')).toThrow(GateError);
    expect(() => parseFailIf('ops/s<-5')).toThrow(/"ops\/s<-5" is not a condition: write METRIC<PCT% or METRIC>PCT%/);
    expect(() => parseFailIf('p98>+10%')).toThrow(/"p98>\+10%" is not a condition.*ops\/s, p99/);
  });
});

describe('the regression gate on groups of runs', () => {
  const before = group('a', [100, 110, 95]);
  const noisy = group('n', [80, 112, 90]);
  const slower = group('s', [80, 84, 78]);
  const conditions = parseFailIf('ops/s<-5%,p99>+10%');

  it('fails a drop past its bound that is significant on the runs', () => {
    const [ops, p99] = gateResults(conditions, compareGroups([before, slower], ['before', 'after']).groups!);
    expect(ops).toMatchObject({ condition: 'ops/s<-5%', candidate: 'after', significant: true, failed: true });
    expect(ops.changePct!).toBeLessThan(-15);
    expect(ops.reason).toMatch(/^ops\/s changed -\d+\.\d % \(p [\d.e-]+\), past < -5\.0 %$/);
    expect(p99).toMatchObject({ failed: false });
  });

  it('passes a change past its bound that run-to-run noise explains, and says so', () => {
    const [ops] = gateResults(conditions, compareGroups([before, noisy], ['before', 'after']).groups!);
    expect(ops.changePct!).toBeLessThan(-5);
    expect(ops).toMatchObject({ significant: false, failed: false });
    expect(ops.reason).toMatch(/past the bound but within run-to-run noise/);
  });

  it('fails a p99 rise, and writes the verdicts as JUnit XML with the failure', () => {
    const laggy = group('l', [100, 110, 95], 1500);
    const results = gateResults(conditions, compareGroups([before, laggy], ['before', 'after & co']).groups!);
    expect(results.map((r) => r.failed)).toEqual([false, true]);
    const text = gateText(results, 'before');
    expect(text).toMatch(/^pass {2}after & co vs before: ops\/s<-5%: /m);
    expect(text).toMatch(/^FAIL {2}after & co vs before: p99>\+10%: p99 changed \+\d+\.\d %/m);
    expect(text).toMatch(/^gate: FAILED \(1 of 2 conditions/m);
    const xml = gateJunit(results, 'before');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="kvscope compare" tests="2" failures="1">/);
    expect(xml).toContain('<testcase classname="kvscope.compare.after &amp; co" name="p99&gt;+10% vs before">');
    expect(xml.match(/<failure message="p99 changed \+\d+\.\d %/g)).toHaveLength(1);
  });
});
