import { describe, expect, it } from 'vitest';
import { comparisonReportHtml } from '../../app/report/html/compare-report';
import { runReportHtml } from '../../app/report/html/run-report';
import type { RunFile } from '../../app/run/format';
import { compareRuns } from '../../app/stats/compare';
import { fixtureRun, steady } from './run-fixture';

/** The value-axis labels of the report's chart titled `title`. */
function tickLabels(html: string, title: string): string[] {
  const figure = html.split('<figure>').find((f) => f.startsWith(`<figcaption>${title}`)) ?? '';
  return [...figure.matchAll(/<text x="50" [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
}

/** A Redis-fast run: the client waits 40 to 44 µs, its node answers within 4 µs (p99 bucket 4 µs). */
function fast(id: string, p99Bucket: number): RunFile {
  const run = fixtureRun(id, steady(6, { get: { count: 100, us: 40 } }));
  const node = {
    id: 'redis',
    address: 'redis',
    rates: { 'latency.read.n': 100, 'latency.read.b2': 98, [`latency.read.b${p99Bucket}`]: 2 },
  };
  return { ...run, samples: run.samples.map((s) => ({ ...s, nodes: [node] })) } as RunFile;
}

describe('latency in the HTML reports', () => {
  it("labels a compare report's server p99 of a few µs with distinct non-zero ticks", () => {
    const runs = [fast('aaaaaaaa-1111', 4), fast('bbbbbbbb-2222', 8)];
    const labels = tickLabels(comparisonReportHtml(runs, compareRuns(runs, 0)), 'Server p99 (slowest node)');
    expect(labels).toEqual(['0', '2.0 µs', '4.0 µs', '6.0 µs', '8.0 µs']);
  });

  it("draws a run's client and server p99 on a log scale and prints the summary in µs", () => {
    const html = runReportHtml(fast('cccccccc-3333', 4));
    expect(html).toContain('<figcaption>p99 latency <span class="muted">(log scale)</span></figcaption>');
    expect(tickLabels(html, 'p99 latency')).toEqual(['1 µs', '10 µs', '100 µs']);
    expect(html).toMatch(/<td class="num">4\d µs<\/td>/);
    expect(html).not.toContain('0.04');
  });
});
