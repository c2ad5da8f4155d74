// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CapacityProgress } from '../../app/capacity/progress';
import { CATALOG } from '../../app/scenario/catalog';
import { useCapacity } from '../../renderer/src/hooks/useCapacity';
import { LivePage } from '../../renderer/src/pages/LivePage';
import { ScenariosPage } from '../../renderer/src/pages/ScenariosPage';
import { fromState } from '../../renderer/src/store/live';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, idleState, runInfo, sample, stubResizeObserver, wrapper } from './fixtures';

beforeAll(stubResizeObserver);
beforeEach(resetStore);
afterEach(cleanup);

const step = (rate: number, achieved: number, p99Ms: number, metSlo: boolean) => ({
  rate,
  achieved,
  metSlo,
  why: metSlo ? undefined : `p99 ${p99Ms} ms > 25 ms`,
  latencyUs: { p50: 5000, p99: p99Ms * 1000, p999: p99Ms * 1200 },
});

const progress = (end?: CapacityProgress['end']): CapacityProgress => ({
  groupId: 'g1',
  scenario: 'kv-fixed-capacity',
  slo: 'p99 < 25 ms',
  limits: { p99Ms: 25 },
  probeOpsPerSec: 821,
  steps: [step(411, 412, 8.7, true), step(821, 831, 115, false), step(616, 617, 8.8, true)],
  ...(end ? { end } : {}),
});

describe('a capacity search in the dashboard', () => {
  it('starts from the start bar with the objective typed, each step run Repeat times, and checks the objective as typed', async () => {
    const fake = fakeBridge();
    useKv.setState({ catalog: structuredClone([...CATALOG]), connection: 'open' });
    render(<ScenariosPage />, { wrapper: wrapper(fake.bridge) });
    fireEvent.click(screen.getByTestId('scenario-card-kv-fixed-capacity'));
    const button = screen.getByTestId('capacity-button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('plan-slo'), { target: { value: 'p99<fast' } });
    expect(screen.getByTestId('error-plan-slo').textContent).toMatch(/"p99<fast" is not a condition/);
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('plan-slo'), { target: { value: 'p99<25ms' } });
    fireEvent.change(screen.getByTestId('plan-repeat'), { target: { value: '2' } });
    expect(button.disabled).toBe(false);
    await act(async () => fireEvent.click(button));
    const call = fake.calls.find((c) => c.channel === 'startCapacity');
    expect(call?.payload).toMatchObject({ slo: 'p99<25ms', repeat: 2, scenario: { name: 'kv-fixed-capacity' } });
    expect(useKv.getState().page).toBe('live');
    // A sweep and a capacity search both set what runs: the search asks for the sweep to be cleared.
    fireEvent.change(screen.getByTestId('plan-sweep-setting'), { target: { value: 'inFlight' } });
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('a capacity search sets the rate itself: clear the sweep first');
  });

  it('shows the search on the Live page: its steps as they come, then the answer, the chart and the table', () => {
    const fake = fakeBridge();
    renderHook(() => useCapacity(), { wrapper: wrapper(fake.bridge) });
    const info = runInfo('run-1', { group: { kind: 'capacity', id: 'g1', index: 2, count: 15, setting: 'rate', value: 616 } });
    useKv.setState({ live: fromState({ ...idleState(), run: info, phase: 'running', samples: [sample(0)] }), connection: 'open' });
    render(<LivePage />, { wrapper: wrapper(fake.bridge) });
    act(() => fake.push('capacity', progress()));
    expect(screen.getByTestId('capacity-answer').textContent).toBe('searching: probe 821 ops/s, 3 steps so far');
    // A search's length is not known ahead: the run bar names the step by its rate, not "run 3 of 15".
    expect(screen.getByTestId('run-group').textContent).toBe('capacity search · rate=616');
    act(() =>
      fake.push(
        'capacity',
        progress({
          answer: '617 ops/s within p99 < 25 ms; at 821 ops/s p99 115 ms > 25 ms',
          capacity: step(616, 617, 8.8, true),
          failedAt: step(821, 831, 115, false),
          ended: 'edge found',
        }),
      ),
    );
    expect(screen.getByTestId('capacity-answer').textContent).toBe('617 ops/s within p99 < 25 ms; at 821 ops/s p99 115 ms > 25 ms');
    expect(screen.getByTestId('capacity-chart').getAttribute('data-points')).toBe('3');
    const rows = [...screen.getByTestId('capacity-steps').querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(rows).toEqual(['4114128.70yes', '6166178.80yes', '821831115nop99 115 ms > 25 ms']);
  });

  it('keeps the panel off a run that is not a step of the search', () => {
    const fake = fakeBridge();
    useKv.setState({ capacity: progress(), live: fromState({ ...idleState(), run: runInfo(), phase: 'running', samples: [sample(0)] }) });
    render(<LivePage />, { wrapper: wrapper(fake.bridge) });
    expect(screen.queryByTestId('capacity-panel')).toBeNull();
  });
});
