// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG } from '../../app/scenario/catalog';
import { clientNotInstalledReason } from '../../app/scenario/client-version';
import { ScenariosPage } from '../../renderer/src/pages/ScenariosPage';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, wrapper } from './fixtures';

function renderEditor(name = 'redis-mix') {
  const fake = fakeBridge();
  useKv.setState({ catalog: structuredClone([...CATALOG]), connection: 'open' });
  render(<ScenariosPage />, { wrapper: wrapper(fake.bridge) });
  fireEvent.click(screen.getByTestId(`scenario-card-${name}`));
  return fake;
}

const clientSelect = () => screen.getByTestId('field-target.client') as HTMLSelectElement;
const optionsOf = (s: HTMLSelectElement) => [...s.options].map((o) => o.textContent);
const draftClient = () => (useKv.getState().editor.draft?.target as { client?: string } | undefined)?.client;

beforeEach(resetStore);
afterEach(cleanup);

describe("the editor's client version", () => {
  it("offers the target kind's bundled version and installed ones, and marks a value that is not installed", async () => {
    renderEditor('hazelcast-get');
    await waitFor(() => expect(optionsOf(clientSelect())).toEqual(['bundled (hazelcast-client 5.6.0)']));
    expect(clientSelect().value).toBe('');
    act(() => useKv.getState().updateDraft((d) => ({ ...d, target: { ...(d.target as object), client: 'hazelcast-client@4.2.1' } })));
    expect(clientSelect().selectedOptions[0].textContent).toBe('hazelcast-client@4.2.1 (not installed)');
  });

  it('installs an exact version with progress, then offers and selects it; a bad or failed one says why', async () => {
    const fake = renderEditor();
    await waitFor(() => expect(optionsOf(clientSelect())).toEqual(['bundled (ioredis 5.11.1)']));
    const version = screen.getByTestId('install-client-version') as HTMLInputElement;
    const install = screen.getByTestId('install-client') as HTMLButtonElement;
    fireEvent.change(version, { target: { value: '3.2.2' } });
    expect(install.disabled).toBe(true);
    expect(screen.getByText('ioredis@3.2.2 is outside the supported range 4.17.0 to 5.x')).toBeTruthy();
    fireEvent.change(version, { target: { value: 'latest' } });
    expect(install.disabled).toBe(true);
    fireEvent.change(version, { target: { value: '4.28.5' } });
    expect(install.disabled).toBe(false);
    fireEvent.click(install);
    await waitFor(() => expect(screen.getByTestId('client-install-progress').textContent).toBe('ioredis@4.28.5 installed'));
    expect(fake.calls.filter((c) => c.channel === 'installClient').map((c) => c.payload)).toEqual([{ spec: 'ioredis@4.28.5' }]);
    expect(optionsOf(clientSelect())).toEqual(['bundled (ioredis 5.11.1)', 'ioredis@4.28.5 (installed)']);
    expect(draftClient()).toBe('ioredis@4.28.5');

    fireEvent.change(version, { target: { value: '4.99.0' } });
    fireEvent.click(install);
    await waitFor(() =>
      expect(screen.getByTestId('client-install-error').textContent).toBe(
        'ioredis@4.99.0 was not installed: cannot install ioredis@4.99.0: npm error notarget',
      ),
    );
    expect(draftClient()).toBe('ioredis@4.28.5');
    fireEvent.change(clientSelect(), { target: { value: '' } });
    expect(draftClient()).toBeUndefined();
  });

  it('offers to install, in one click, a version Start was refused for', async () => {
    const fake = renderEditor();
    await waitFor(() => expect(optionsOf(clientSelect())).toHaveLength(1));
    expect(screen.queryByTestId('install-missing-client')).toBeNull();
    const reason = clientNotInstalledReason({ pkg: 'ioredis', version: '4.28.5' });
    act(() => useKv.setState((s) => ({ editor: { ...s.editor, errors: [{ field: 'target.client', reason }] } })));
    expect(screen.getByTestId('error-target.client').textContent).toContain('ioredis@4.28.5 is not installed');
    fireEvent.click(screen.getByTestId('install-missing-client'));
    await waitFor(() => expect(screen.getByTestId('client-install-progress').textContent).toBe('ioredis@4.28.5 installed'));
    expect(fake.calls.filter((c) => c.channel === 'installClient').map((c) => c.payload)).toEqual([{ spec: 'ioredis@4.28.5' }]);
  });
});
