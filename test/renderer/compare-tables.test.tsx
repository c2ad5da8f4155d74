// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { compareRuns } from '../../app/stats/compare';
import { CompareTables } from '../../renderer/src/components/runs/CompareTables';
import { fixtureRun, steady } from '../unit/run-fixture';

afterEach(cleanup);

describe('the Compare tables', () => {
  it('say two seconds a side are too few to judge instead of "~"', () => {
    const slow = fixtureRun('slow2', steady(2, { get: { count: 11_655, us: 1000 } }));
    const fast = fixtureRun('fast2', steady(2, { get: { count: 42_628, us: 1000 } }));
    render(<CompareTables c={compareRuns([slow, fast])} />);
    const row = screen.getByTestId('compare-throughput-get').textContent ?? '';
    expect(row).toContain('+265.7%, too few seconds to judge: needs at least 4+4 (n=2+2)');
    expect(row).not.toContain('~');
  });
});
