// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG, CATALOG_SWEEPS } from '../../app/scenario/catalog';
import { notInstalledReason } from '../../app/scenario/node-version';
import { ScenariosPage } from '../../renderer/src/pages/ScenariosPage';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, wrapper } from './fixtures';

function renderEditor() {
  const fake = fakeBridge();
  useKv.setState({ catalog: structuredClone([...CATALOG]), connection: 'open' });
  render(<ScenariosPage />, { wrapper: wrapper(fake.bridge) });
  fireEvent.click(screen.getByTestId('scenario-card-redis-mix'));
  return fake;
}

const nodeSelect = () => screen.getByTestId('field-node') as HTMLSelectElement;
const optionsOf = (s: HTMLSelectElement) => [...s.options].map((o) => o.value);

beforeEach(resetStore);
afterEach(cleanup);

describe("the editor's Node runtime", () => {
  it('offers the runtimes main knows in a select, no free path, and marks a value that is not installed', async () => {
    renderEditor();
    await waitFor(() => expect(optionsOf(nodeSelect())).toEqual(['system']));
    expect(nodeSelect().value).toBe('system');
    expect(nodeSelect().tagName).toBe('SELECT');
    act(() => useKv.getState().updateDraft((d) => ({ ...d, node: '24' })));
    expect(nodeSelect().value).toBe('24');
    expect(nodeSelect().selectedOptions[0].textContent).toBe('24 (not installed)');
  });

  it('installs a version with progress, then offers and selects it; a failed install says why', async () => {
    const fake = renderEditor();
    await waitFor(() => expect(optionsOf(nodeSelect())).toEqual(['system']));
    const version = screen.getByTestId('install-node-version') as HTMLInputElement;
    const install = screen.getByTestId('install-node') as HTMLButtonElement;
    fireEvent.change(version, { target: { value: 'latest' } });
    expect(install.disabled).toBe(true);
    expect(screen.getByText('a Node version: 22, 22.11 or 22.11.0')).toBeTruthy();
    fireEvent.change(version, { target: { value: '22' } });
    expect(install.disabled).toBe(false);
    fireEvent.click(install);
    await waitFor(() => expect(screen.getByTestId('install-progress').textContent).toBe('Node 22 installed'));
    expect(fake.calls.filter((c) => c.channel === 'installRuntime').map((c) => c.payload)).toEqual([{ version: '22' }]);
    expect(optionsOf(nodeSelect())).toEqual(['system', '22', '22.0.0']);
    // The scenario names the version asked for: the newest 22 installed runs it.
    expect(useKv.getState().editor.draft?.node).toBe('22');

    fireEvent.change(version, { target: { value: '99' } });
    fireEvent.click(install);
    await waitFor(() =>
      expect(screen.getByTestId('install-error').textContent).toBe('Node 99 was not installed: no Node 99 in the npm registry'),
    );
    expect(useKv.getState().editor.draft?.node).toBe('22');
  });

  it('offers to install, in one click, a version Start was refused for (node-versions sweeps the system Node, 22 and 24)', async () => {
    expect(CATALOG_SWEEPS['node-versions']).toBe('node=system,22,24');
    const fake = renderEditor();
    await waitFor(() => expect(optionsOf(nodeSelect())).toEqual(['system']));
    expect(screen.queryByTestId('install-missing-node')).toBeNull();
    act(() => useKv.setState((s) => ({ editor: { ...s.editor, errors: [{ field: 'node', reason: notInstalledReason('24') }] } })));
    expect(screen.getByTestId('error-node').textContent).toContain('no Node 24 is installed');
    fireEvent.click(screen.getByTestId('install-missing-node'));
    await waitFor(() => expect(screen.getByTestId('install-progress').textContent).toBe('Node 24 installed'));
    expect(fake.calls.filter((c) => c.channel === 'installRuntime').map((c) => c.payload)).toEqual([{ version: '24' }]);
    expect(optionsOf(nodeSelect())).toEqual(['system', '24', '24.0.0']);
  });
});
