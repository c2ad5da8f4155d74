// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG } from '../../app/scenario/catalog';
import { ScenariosPage } from '../../renderer/src/pages/ScenariosPage';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, wrapper } from './fixtures';

function renderPage() {
  const fake = fakeBridge();
  useKv.setState({ catalog: structuredClone([...CATALOG]), connection: 'open', saved: { scenarios: [], problems: [] } });
  render(<ScenariosPage />, { wrapper: wrapper(fake.bridge) });
  return fake;
}

const field = (path: string) => screen.getByTestId(`field-${path}`) as HTMLInputElement;
const type = (path: string, value: string) => fireEvent.change(field(path), { target: { value } });
const click = (id: string) => fireEvent.click(screen.getByTestId(id));
const flush = () => act(async () => await new Promise((r) => setTimeout(r, 0)));

async function saveAs(name: string) {
  click('save-as');
  fireEvent.change(screen.getByTestId('save-name'), { target: { value: name } });
  fireEvent.keyDown(screen.getByTestId('save-name'), { key: 'Enter' });
  await flush();
}

beforeEach(resetStore);
afterEach(cleanup);

describe('saved scenarios in the editor', () => {
  it('asks before another card drops unsaved edits; keep editing leaves them, discard opens the other', () => {
    renderPage();
    click('scenario-card-kv-async');
    click('scenario-card-redis-mix');
    expect(screen.queryByTestId('discard-prompt')).toBeNull();
    expect(useKv.getState().editor.source).toBe('redis-mix');
    type('durationSeconds', '45');
    expect(screen.getByTestId('unsaved')).toBeTruthy();
    click('scenario-card-kv-async');
    expect(screen.getByTestId('discard-prompt').textContent).toContain('The settings of redis-mix have unsaved edits. Open kv-async');
    expect(document.activeElement).toBe(screen.getByTestId('keep-editing'));
    click('keep-editing');
    expect(screen.queryByTestId('discard-prompt')).toBeNull();
    expect(field('durationSeconds').value).toBe('45');
    type('durationSeconds', '10');
    // The value typed back is no edit: nothing to ask.
    expect(screen.queryByTestId('unsaved')).toBeNull();
    type('durationSeconds', '46');
    click('scenario-card-kv-async');
    click('discard-edits');
    expect(useKv.getState().editor.source).toBe('kv-async');
    expect(field('durationSeconds').value).toBe('20');
  });

  it('saves the edited scenario under a new name, lists it under My scenarios, and Save keeps later edits', async () => {
    const fake = renderPage();
    click('scenario-card-redis-mix');
    type('durationSeconds', '45');
    await saveAs('redis-45s');
    expect(fake.calls.filter((c) => c.channel === 'saveScenario').map((c) => c.payload)).toEqual([
      { scenario: expect.objectContaining({ name: 'redis-45s', durationSeconds: 45 }), replace: false },
    ]);
    expect(screen.getByTestId('saved-card-redis-45s').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('unsaved')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: /Settings — my redis-45s/ })).toBeTruthy();
    type('durationSeconds', '50');
    click('save');
    await flush();
    expect(fake.saved.scenarios).toEqual([expect.objectContaining({ name: 'redis-45s', durationSeconds: 50 })]);
    expect(screen.queryByTestId('unsaved')).toBeNull();
  });

  it("shows main's reason when a name is refused, and keeps the dialog open", async () => {
    const fake = renderPage();
    fake.saved.scenarios = [{ ...structuredClone(CATALOG[0]), name: 'taken' }];
    useKv.setState({ saved: structuredClone(fake.saved) });
    click('scenario-card-kv-async');
    await saveAs('taken');
    expect(screen.getByTestId('save-error').textContent).toBe('a saved scenario has this name');
    expect(screen.getByTestId('name-dialog')).toBeTruthy();
  });

  it('renames and deletes a saved scenario; a deleted one stays in the editor as unsaved edits', async () => {
    const fake = renderPage();
    click('scenario-card-kv-async');
    await saveAs('mine');
    click('rename-scenario');
    fireEvent.change(screen.getByTestId('save-name'), { target: { value: 'ours' } });
    click('save-confirm');
    await flush();
    expect(fake.saved.scenarios.map((s) => s.name)).toEqual(['ours']);
    expect(screen.getByTestId('saved-card-ours')).toBeTruthy();
    click('delete-scenario');
    click('delete-yes');
    await flush();
    expect(fake.saved.scenarios).toEqual([]);
    expect(screen.queryByTestId('saved-card-ours')).toBeNull();
    expect(screen.getByTestId('unsaved')).toBeTruthy();
  });

  it('imports a scenario file into My scenarios, and says why one is refused', async () => {
    const fake = renderPage();
    const input = screen.getByTestId('import-scenario-file') as HTMLInputElement;
    const file = (name: string, text: string) => new File([text], name, { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file('a.json', JSON.stringify({ ...CATALOG[0], name: 'imported' }))] } });
    await flush();
    expect(screen.getByTestId('saved-card-imported')).toBeTruthy();
    fake.saved.scenarios = [];
    fireEvent.change(input, { target: { files: [file('b.json', JSON.stringify({ ...CATALOG[0], name: 'imported' }))] } });
    await flush();
    expect(screen.getByTestId('import-notice').textContent).toBe('imported b.json');
    fireEvent.change(input, { target: { files: [file('c.json', JSON.stringify({ ...CATALOG[0], name: 'imported' }))] } });
    await flush();
    expect(screen.getByTestId('import-notice').textContent).toBe('c.json: name: a saved scenario has this name');
  });

  it('says a password is not saved', () => {
    renderPage();
    click('scenario-card-redis-mix');
    expect(screen.queryByTestId('password-not-saved')).toBeNull();
    type('target.password', 'hunter2');
    expect(screen.getByTestId('password-not-saved').textContent).toMatch(/The password is not saved/);
  });
});
