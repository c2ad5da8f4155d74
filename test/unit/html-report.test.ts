import { describe, expect, it } from 'vitest';
import { comparisonReportHtml } from '../../app/report/html/compare-report';
import { runReportHtml } from '../../app/report/html/run-report';
import { fmtInt } from '../../app/report/numbers';
import { compareRuns } from '../../app/stats/compare';
import type { RunFile } from '../../app/run/format';
import { fixtureRun, steady } from './run-fixture';

const base = fixtureRun('aaaaaaaa-1111', steady(6, { get: { count: 100, us: 1000 }, put: { count: 30, us: 2000 } }));
const faster = fixtureRun('bbbbbbbb-2222', steady(6, { get: { count: 140, us: 800 }, put: { count: 30, us: 1900 } }), {
  sets: ['inFlight=64'],
});
const charts = (html: string) => html.match(/role="img"/g)?.length ?? 0;

const hostile = (run: RunFile): RunFile => ({
  ...run,
  header: {
    ...run.header,
    scenario: { ...run.header.scenario, name: '<script>alert(1)</script>' },
    env: { ...run.header.env, host: '"><img src=x onerror=alert(1)>' },
  },
  summary: { ...run.summary, outcome: { ...run.summary.outcome!, kind: 'failed', reason: '<b onmouseover=alert(1)>ECONNREFUSED</b>' } },
});

describe('the one-file HTML report of a run', () => {
  it('holds its outcome, three charts, the summary figures as the UI prints them, its settings and machine, and no script', () => {
    const html = runReportHtml(base, 'before the upgrade');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    );
    expect(html).not.toMatch(/<script|<link|<img|src=/i);
    expect(charts(html)).toBe(3);
    expect(html).toContain('<h1>kv-async aaaaaaaa <span class="muted">before the upgrade</span></h1>');
    expect(html).toContain('<span class="outcome">done</span>');
    expect(html).toContain(`<td class="num">${fmtInt(base.summary.total.ops)}</td>`);
    expect(html).toContain(`<td class="num">${fmtInt(base.summary.ops.get.opsPerSec.mean)}</td>`);
    expect(html).toContain('<tr><td>inFlight</td><td>1</td></tr>');
    expect(html).toContain('Node v20');
  });

  it("draws the servers' own p99 beside the client's where the nodes timed operations, in both reports", () => {
    const node = { id: 'n1', address: 'n1', rates: { 'latency.read.n': 10, 'latency.read.b64': 10 } };
    const timed = { ...base, samples: base.samples.map((s) => ({ ...s, nodes: [node] })) } as RunFile;
    expect(runReportHtml(base)).not.toContain('server (slowest node)');
    const html = runReportHtml(timed);
    expect(html).toContain('server (slowest node)');
    expect(charts(html)).toBe(3);
    expect(comparisonReportHtml([base, faster], compareRuns([base, faster], 0))).not.toContain('Server p99');
    const both = comparisonReportHtml([timed, faster], compareRuns([timed, faster], 0));
    expect(both).toContain('Server p99 (slowest node)');
  });

  it("lists each node's seconds down, joining or leaving, with what its cluster said, as text", () => {
    const up = { id: 'n1', address: 'a', rates: {} };
    const n2 = (second: number) =>
      second < 2
        ? { id: 'n2', address: 'b', rates: {}, state: 'joining', note: 'importing 1 slot' }
        : second < 4
          ? { id: 'n2', address: 'b', rates: {} }
          : { id: 'n2', address: 'b', rates: {}, state: 'leaving', note: '<img src=x onerror=alert(1)>' };
    const moving = { ...base, samples: base.samples.map((s) => ({ ...s, nodes: [up, n2(s.second)] })) } as RunFile;
    const html = runReportHtml(moving);
    expect(html).toContain('<h2>Nodes</h2>');
    expect(html).toContain('<tr><td>n2</td><td>joining</td><td>0–1</td><td>importing 1 slot</td></tr>');
    expect(html).toContain('<tr><td>n2</td><td>leaving</td><td>4–5</td><td>&lt;img src=x onerror=alert(1)&gt;</td></tr>');
    expect(html).not.toMatch(/<img/);
    const steadyNodes = { ...base, samples: base.samples.map((s) => ({ ...s, nodes: [up] })) } as RunFile;
    expect(runReportHtml(steadyNodes)).toContain('1 node, up in every second.');
    expect(runReportHtml(base)).not.toContain('<h2>Nodes</h2>');
  });

  it('keeps whatever a run file says as text: no markup, no script from names, hosts or reasons', () => {
    const html = runReportHtml(hostile(base), '"><img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<img|<b /i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<span class="outcome bad">failed</span> &lt;b onmouseover=alert(1)&gt;ECONNREFUSED&lt;/b&gt;');
  });
});

describe('secrets', () => {
  it('a password a run file holds in clear (and an error echoing it) never reaches a report', () => {
    const SECRET = 'hunter2-do-not-leak';
    const leaky: RunFile = {
      ...base,
      header: {
        ...base.header,
        scenario: { ...base.header.scenario, target: { kind: 'redis', host: '127.0.0.1', port: 6379, password: SECRET } as never },
      },
      summary: { ...base.summary, outcome: { ...base.summary.outcome!, kind: 'failed', reason: `AUTH ${SECRET} refused` } },
    };
    const one = runReportHtml(leaky);
    expect(one).not.toContain(SECRET);
    expect(one).toContain('AUTH *** refused');
    expect(comparisonReportHtml([faster, leaky], compareRuns([faster, leaky]))).not.toContain(SECRET);
  });
});

describe('the one-file HTML report of a comparison', () => {
  it('names the runs baseline first, draws one line per run with a legend, and shows each change with p and shift', () => {
    const c = compareRuns([base, faster]);
    const html = comparisonReportHtml([base, faster], c);
    expect(html).toContain('<h1>kv-async aaaaaaaa vs kv-async bbbbbbbb</h1>');
    expect(charts(html)).toBe(3);
    expect(html.match(/<path d="M/g)?.length).toBe(6);
    expect(html).toContain('<tr><td>inFlight</td><td>1</td><td>64</td></tr>');
    expect(html).toMatch(
      /<td>\+39\.6% \[\+3\d\.\d% to \+4\d\.\d%\] \(p&lt;0\.001 n=6\+6 s\), shift \+40 \(95% CI \+\d\d to \+\d\d\)<\/td>/,
    );
    expect(html).toMatch(/<p class="verdict">kv-async bbbbbbbb vs kv-async aaaaaaaa: verdict: ops\/s \+30\.3% \(p&lt;0\.001\)/);
    expect(html).toContain('cannot speak for run-to-run noise');
    expect(html).not.toMatch(/<script/i);
  });

  it('escapes hostile names in the title, legend and tables', () => {
    const evil = hostile(faster);
    const html = comparisonReportHtml([base, evil], compareRuns([base, evil]));
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; bbbbbbbb');
  });
});
