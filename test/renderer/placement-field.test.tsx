// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG } from '../../app/scenario/catalog';
import { ScenariosPage } from '../../renderer/src/pages/ScenariosPage';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, wrapper } from './fixtures';

beforeEach(resetStore);
afterEach(cleanup);

function renderEditor() {
  useKv.setState({ catalog: structuredClone([...CATALOG]), connection: 'open' });
  render(<ScenariosPage />, { wrapper: wrapper(fakeBridge().bridge) });
  fireEvent.click(screen.getByTestId('scenario-card-redis-mix'));
}

const field = () => screen.getByTestId('field-placement') as HTMLInputElement;
const draftPlacement = () => (useKv.getState().editor.draft as { placement?: unknown } | null)?.placement;

describe("the editor's placement", () => {
  it('reads JSON when left, says why when it is not, and empties back to every worker here', () => {
    renderEditor();
    expect(field().value).toBe('');
    fireEvent.change(field(), { target: { value: '{"local": 1, "agents": {"*": 2}}' } });
    fireEvent.blur(field());
    expect(draftPlacement()).toEqual({ local: 1, agents: { '*': 2 } });
    fireEvent.change(field(), { target: { value: '{"local": 1,' } });
    fireEvent.blur(field());
    expect(screen.getByTestId('error-placement').textContent).toMatch(/^not JSON: /);
    expect(draftPlacement()).toEqual({ local: 1, agents: { '*': 2 } });
    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(draftPlacement()).toBeUndefined();
  });

  it('shows the scenario rules’ errors under it, naming the deeper setting', () => {
    renderEditor();
    fireEvent.change(field(), { target: { value: '{"agents": {"a.b": 1}}' } });
    fireEvent.blur(field());
    expect(screen.getByTestId('error-placement').textContent).toMatch(/^agents\.a\.b: /);
  });
});

describe("the editor's metrics endpoints", () => {
  const urls = () => screen.getByTestId('field-target.metricsUrls') as HTMLInputElement;
  const draftUrls = () => (useKv.getState().editor.draft as { target?: { metricsUrls?: unknown } } | null)?.target?.metricsUrls;

  it('takes a comma- or space-separated list when left, and shows what is wrong with an entry under it', () => {
    useKv.setState({ catalog: structuredClone([...CATALOG]), connection: 'open' });
    render(<ScenariosPage />, { wrapper: wrapper(fakeBridge().bridge) });
    fireEvent.click(screen.getByTestId('scenario-card-hazelcast-read-heavy'));
    fireEvent.change(urls(), { target: { value: 'http://10.0.0.5:9100/metrics#m1,  http://10.0.0.6:9100/metrics#m2' } });
    // Not judged mid-typing: the draft changes only when the field is left.
    expect(draftUrls()).toBeUndefined();
    fireEvent.blur(urls());
    expect(draftUrls()).toEqual(['http://10.0.0.5:9100/metrics#m1', 'http://10.0.0.6:9100/metrics#m2']);
    expect(urls().value).toBe('http://10.0.0.5:9100/metrics#m1, http://10.0.0.6:9100/metrics#m2');
    fireEvent.change(urls(), { target: { value: 'file:///etc/passwd' } });
    fireEvent.keyDown(urls(), { key: 'Enter' });
    expect(screen.getByTestId('error-target.metricsUrls').textContent).toMatch(/^0: .*http:\/\/ or https:\/\/ URL/);
  });
});
