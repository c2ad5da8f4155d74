// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThresholdList, ThresholdsBadge } from '../../renderer/src/components/runs/Thresholds';

afterEach(cleanup);

describe('thresholds on the page', () => {
  it('the Live summary lists each threshold, held or missed, with its figure and limit', () => {
    render(
      <ThresholdList
        results={[
          { name: 'p99Ms', limit: 2, actual: 3.1, passed: false },
          { name: 'minOpsPerSec', limit: 1000, actual: 84_000, passed: true },
        ]}
      />,
    );
    const items = [...screen.getByTestId('summary-thresholds').querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['MISSED: p99 3.1 ms > 2 ms', 'held: ops/s 84000 ops/s ≥ 1000 ops/s']);
  });

  it('the Runs list marks a run that missed, with the misses, and one that held', () => {
    render(<ThresholdsBadge missed="p99 3.1 ms > 2 ms" id="aaaaaaaa" />);
    expect(screen.getByTestId('thresholds-aaaaaaaa').textContent).toBe('thresholds missedp99 3.1 ms > 2 ms');
    cleanup();
    render(<ThresholdsBadge missed="" id="bbbbbbbb" />);
    expect(screen.getByTestId('thresholds-bbbbbbbb').textContent).toBe('thresholds held');
  });
});
