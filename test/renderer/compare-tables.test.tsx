// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { compareRuns } from '../../app/stats/compare';
import { compareGroups } from '../../app/stats/compare-groups';
import { CompareTables } from '../../renderer/src/components/runs/CompareTables';
import { fixtureRun, steady } from '../unit/run-fixture';

afterEach(cleanup);

describe('the Compare tables', () => {
  it('say two seconds a side are too few to judge instead of "~"', () => {
    const slow = fixtureRun('slow2', steady(2, { get: { count: 11_655, us: 1000 } }));
    const fast = fixtureRun('fast2', steady(2, { get: { count: 42_628, us: 1000 } }));
    render(<CompareTables c={compareRuns([slow, fast])} />);
    const row = screen.getByTestId('compare-throughput-get').textContent ?? '';
    expect(row).toContain('+265.7%, too few independent seconds to judge (n=2+2 s)');
    expect(row).not.toContain('~');
  });

  it('put the verdict first, and with one run a side say that it cannot speak for run-to-run noise, with the command to repeat', () => {
    const a = fixtureRun('a1', steady(20, { get: { count: 100, us: 1000 } }));
    const b = fixtureRun('b1', steady(20, { get: { count: 150, us: 1000 } }));
    render(<CompareTables c={compareRuns([a, b])} />);
    const verdict = screen.getByTestId('compare-verdict').textContent ?? '';
    expect(verdict).toMatch(/verdict: ops\/s \+4\d\.\d%/);
    expect(verdict).toContain('cannot speak for run-to-run noise');
    expect(verdict).toContain('kvscope run kv-async --repeat 3');
  });

  it('compare groups on their runs: each run listed, the verdict from the runs', () => {
    const g = (p: string, counts: number[]) => counts.map((n, i) => fixtureRun(`${p}${i}`, steady(20, { get: { count: n, us: 1000 } })));
    render(<CompareTables c={compareGroups([g('a', [100, 110, 95]), g('b', [104, 93, 108])], ['before', 'after'])} />);
    expect(screen.getByTestId('compare-verdict').textContent).toMatch(
      /after vs before: verdict: no significant change in ops\/s or p99 \(Welch's t-test on the runs, n=3\+3 runs\)/,
    );
    expect(screen.getByTestId('compare-verdict').textContent).not.toContain('cannot speak');
    const rows = screen.getAllByTestId('compare-throughput-total').map((r) => r.textContent);
    expect(rows[0]).toContain('101, 111, 96');
    expect(rows[1]).toContain('~ ');
  });
});
