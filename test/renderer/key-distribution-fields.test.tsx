// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG } from '../../app/scenario/catalog';
import { ScenariosPage } from '../../renderer/src/pages/ScenariosPage';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, wrapper } from './fixtures';

const field = (path: string) => screen.queryByTestId(`field-${path}`) as HTMLInputElement | null;
const change = (path: string, value: string) => fireEvent.change(field(path)!, { target: { value } });

beforeEach(resetStore);
afterEach(cleanup);

describe('the key distribution in the editor', () => {
  it("shows the chosen kind's own settings, starts each kind afresh, and checks them as typed", () => {
    useKv.setState({ catalog: structuredClone([...CATALOG]), connection: 'open' });
    render(<ScenariosPage />, { wrapper: wrapper(fakeBridge().bridge) });
    fireEvent.click(screen.getByTestId('scenario-card-redis-mix'));
    expect((field('keyDistribution.kind') as unknown as HTMLSelectElement).value).toBe('uniform');
    expect(field('keyDistribution.theta')).toBeNull();

    change('keyDistribution.kind', 'zipfian');
    expect(useKv.getState().editor.draft?.keyDistribution).toEqual({ kind: 'zipfian' });
    expect(field('keyDistribution.theta')!.placeholder).toBe('0.99');
    expect(field('keyDistribution.hotShare')).toBeNull();
    change('keyDistribution.theta', '1');
    expect(screen.getByTestId('start-blocked').textContent).toContain('keyDistribution.theta: must be under 1');
    change('keyDistribution.theta', '0.8');
    expect((screen.getByTestId('start-button') as HTMLButtonElement).disabled).toBe(false);

    // Theta does not belong to a hotspot: the new kind starts without it.
    change('keyDistribution.kind', 'hotspot');
    expect(useKv.getState().editor.draft?.keyDistribution).toEqual({ kind: 'hotspot' });
    expect(field('keyDistribution.theta')).toBeNull();
    change('keyDistribution.hotShare', '0.9');
    expect(useKv.getState().editor.draft?.keyDistribution).toEqual({ kind: 'hotspot', hotShare: 0.9 });
    expect((screen.getByTestId('start-button') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('value sizes in the editor', () => {
  it('offers fixed or a uniform range, removes the setting for fixed, and shows a weighted list as it is', () => {
    useKv.setState({ catalog: structuredClone([...CATALOG]), connection: 'open' });
    render(<ScenariosPage />, { wrapper: wrapper(fakeBridge().bridge) });
    fireEvent.click(screen.getByTestId('scenario-card-redis-mix'));
    expect((field('valueSizes.kind') as unknown as HTMLSelectElement).value).toBe('fixed');
    expect(field('valueSizes.min')).toBeNull();
    change('valueSizes.kind', 'uniform');
    change('valueSizes.min', '100');
    change('valueSizes.max', '10');
    expect(screen.getByTestId('start-blocked').textContent).toContain('valueSizes.max: must be at least min (100)');
    change('valueSizes.max', '4096');
    expect(useKv.getState().editor.draft?.valueSizes).toEqual({ kind: 'uniform', min: 100, max: 4096 });
    change('valueSizes.kind', 'fixed');
    expect(useKv.getState().editor.draft?.valueSizes).toBeUndefined();
    act(() => useKv.getState().updateDraft((d) => ({ ...d, valueSizes: { kind: 'weighted', sizes: [{ size: 10, weight: 1 }] } })));
    expect((field('valueSizes.kind') as unknown as HTMLSelectElement).value).toBe('weighted');
  });
});
