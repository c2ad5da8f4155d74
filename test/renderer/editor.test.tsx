// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG } from '../../app/scenario/catalog';
import { DEFAULT_MEMBER_HEAP_MB } from '../../app/scenario/hazelcast-target';
import { ScenariosPage } from '../../renderer/src/pages/ScenariosPage';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, wrapper } from './fixtures';

function renderPage() {
  const fake = fakeBridge();
  useKv.setState({ catalog: structuredClone([...CATALOG]), connection: 'open' });
  render(<ScenariosPage />, { wrapper: wrapper(fake.bridge) });
  return fake;
}

const field = (path: string) => screen.getByTestId(`field-${path}`) as HTMLInputElement;
const type = (path: string, value: string) => fireEvent.change(field(path), { target: { value } });
const startButton = () => screen.getByTestId('start-button') as HTMLButtonElement;

beforeEach(resetStore);
afterEach(cleanup);

describe('scenario editor', () => {
  it('shows the catalog as cards and loads the picked one into the form', () => {
    renderPage();
    for (const s of CATALOG) expect(screen.getByTestId(`scenario-card-${s.name}`).textContent).toContain(s.target.kind);
    fireEvent.click(screen.getByTestId('scenario-card-kv-async'));
    expect(field('durationSeconds').value).toBe('20');
    expect(field('workers').value).toBe('8');
    expect((screen.getByTestId('field-target.mode') as HTMLSelectElement).value).toBe('async');
    expect(field('readsPerWrite').value).toBe('3');
    expect(startButton().disabled).toBe(false);
  });

  it('lists what is wrong in the Start bar, each entry taking the user to its field', () => {
    renderPage();
    fireEvent.click(screen.getByTestId('scenario-card-kv-async'));
    type('durationSeconds', '0');
    type('workers', '0');
    expect(screen.getByTestId('start-blocked').textContent).toBe(
      'Fix these 2 settings to start:workers: must be ≥ 1durationSeconds: must be ≥ 1',
    );
    fireEvent.click(screen.getByTestId('goto-durationSeconds'));
    expect(document.activeElement).toBe(field('durationSeconds'));
    type('workers', '2');
    expect(screen.getByTestId('start-blocked').textContent).toBe('Fix this setting to start:durationSeconds: must be ≥ 1');
  });

  it('checks repeat and sweep as they are typed, each sweep value as the scenario would take it', () => {
    renderPage();
    fireEvent.click(screen.getByTestId('scenario-card-kv-async'));
    const plan = (id: string, value: string) => fireEvent.change(screen.getByTestId(`plan-${id}`), { target: { value } });
    plan('repeat', '0');
    expect(screen.getByTestId('error-plan-repeat').textContent).toBe('must be a whole number from 1 to 50');
    expect(startButton().disabled).toBe(true);
    plan('repeat', '2');
    plan('sweep-setting', 'inFlight');
    plan('sweep-values', '1, x');
    expect(screen.getByTestId('error-plan-sweep').textContent).toBe('inFlight="x": must be a number');
    plan('sweep-values', '1');
    expect(screen.getByTestId('error-plan-sweep').textContent).toMatch(/give at least two values/);
    plan('sweep-values', '1, 8');
    expect(screen.queryByTestId('error-plan-sweep')).toBeNull();
    expect(startButton().disabled).toBe(false);
    // A second setting makes a grid: checked like the first, and against the first.
    plan('sweep-inner-setting', 'inFlight');
    plan('sweep-inner-values', '2, 4');
    expect(screen.getByTestId('error-plan-sweepInner').textContent).toBe('inFlight is swept twice');
    expect(startButton().disabled).toBe(true);
    plan('sweep-inner-setting', 'workers');
    plan('sweep-inner-values', '1, 0');
    expect(screen.getByTestId('error-plan-sweepInner').textContent).toMatch(/^workers=0: /);
    plan('sweep-inner-values', '1, 2');
    expect(screen.queryByTestId('error-plan-sweepInner')).toBeNull();
    expect(startButton().disabled).toBe(false);
  });

  it('shows an invalid value’s message next to it and keeps Start disabled until it is fixed', () => {
    renderPage();
    fireEvent.click(screen.getByTestId('scenario-card-kv-async'));
    type('durationSeconds', '0');
    expect(screen.getByTestId('error-durationSeconds').textContent).toBe('must be ≥ 1');
    expect(startButton().disabled).toBe(true);
    type('target.port', 'eighty');
    expect(screen.getByTestId('error-target.port').textContent).toBe('must be a number');
    type('durationSeconds', '6');
    type('target.port', '');
    expect(screen.queryByTestId('error-durationSeconds')).toBeNull();
    expect(screen.queryByTestId('error-target.port')).toBeNull();
    expect(startButton().disabled).toBe(false);
  });

  it('starts the edited scenario and switches to Live', async () => {
    const fake = renderPage();
    fireEvent.click(screen.getByTestId('scenario-card-kv-async'));
    type('durationSeconds', '6');
    await act(async () => void fireEvent.click(startButton()));
    const start = fake.calls.find((c) => c.channel === 'startRun');
    expect(start?.payload).toMatchObject({ scenario: { name: 'kv-async', durationSeconds: 6, target: { kind: 'builtin-kv' } } });
    expect(useKv.getState().page).toBe('live');
  });

  it('shows why main refused to start', async () => {
    const fake = renderPage();
    fake.onStartRun(async () => ({ ok: false, message: 'a run is already in progress; stop it first', errors: [] }));
    fireEvent.click(screen.getByTestId('scenario-card-redis-mix'));
    await act(async () => void fireEvent.click(startButton()));
    expect(screen.getByTestId('start-error').textContent).toMatch(/already in progress/);
    expect(useKv.getState().page).toBe('scenarios');
  });

  it('edits an aerospike scenario: seed hosts checked inline, scan alone in the mix, the payload sweep in the start bar', async () => {
    const fake = renderPage();
    fireEvent.click(screen.getByTestId('scenario-card-aerospike-payloads'));
    expect((screen.getByTestId('plan-sweep-setting') as HTMLInputElement).value).toBe('valueSize');
    expect((screen.getByTestId('plan-sweep-values') as HTMLInputElement).value).toBe('3, 1024, 102400');
    fireEvent.click(screen.getByTestId('scenario-card-aerospike-scan-file'));
    expect((screen.getByTestId('plan-sweep-setting') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('field-target.sink') as HTMLSelectElement).value).toBe('file');
    type('target.hosts', 'db1:3000,db2:70000');
    expect(screen.getByTestId('error-target.hosts').textContent).toMatch(/"db2:70000" is not host or host:port/);
    expect(startButton().disabled).toBe(true);
    type('target.hosts', 'db1:3000,db2');
    type('mix.get', '1');
    expect(screen.getByTestId('error-mix.scan').textContent).toMatch(/runs alone/);
    type('mix.get', '0');
    expect(startButton().disabled).toBe(false);
    await act(async () => void fireEvent.click(startButton()));
    const start = fake.calls.find((c) => c.channel === 'startRun');
    expect(start?.payload).toMatchObject({ scenario: { target: { kind: 'aerospike', hosts: 'db1:3000,db2', sink: 'file' } } });
  });

  it('shows only the settings that apply: scan, query and index fields with those ops in the mix; hints for the target kind', () => {
    renderPage();
    fireEvent.click(screen.getByTestId('scenario-card-aerospike-50-50'));
    for (const path of ['target.sink', 'target.sinkDir', 'target.pageSize', 'target.queryFrom', 'target.createIndex', 'target.batchSize'])
      expect(screen.queryByTestId(`field-${path}`), path).toBeNull();
    expect(screen.getByTestId('field-target.prefill')).toBeTruthy();
    const hint = () => field('valueSize').closest('.field')?.querySelector('.hint')?.textContent;
    expect(hint()).toBe('bytes; an integer bin ignores it');
    type('mix.get', '0');
    type('mix.put', '0');
    type('mix.query', '1');
    expect(screen.getByTestId('field-target.queryFrom')).toBeTruthy();
    expect(screen.getByTestId('field-target.pageSize')).toBeTruthy();
    expect(screen.queryByTestId('field-target.batchSize')).toBeNull();
    fireEvent.click(screen.getByTestId('scenario-card-redis-mix'));
    fireEvent.click(screen.getByTestId('discard-edits'));
    expect(hint()).toBe('bytes');
    fireEvent.click(screen.getByTestId('scenario-card-kv-async'));
    expect(hint()).toMatch(/^elements of the stored JSON array/);
  });

  it('keeps Repeat and Sweep in the Start bar, beside Start', () => {
    renderPage();
    fireEvent.click(screen.getByTestId('scenario-card-kv-async'));
    const bar = startButton().closest('.start-bar');
    expect(bar?.contains(screen.getByTestId('plan-repeat'))).toBe(true);
    expect(bar?.contains(screen.getByTestId('plan-sweep-values'))).toBe(true);
  });

  it('says whether a local cluster can be started here, and what is missing when one is asked for', () => {
    const fake = renderPage();
    act(() => useKv.getState().setLocalTools(fake.tools));
    fireEvent.click(screen.getByTestId('scenario-card-redis-cluster-mix'));
    expect(screen.getByTestId('local-cluster-note').textContent).toBe(
      'A local Redis Cluster can be started for the run (redis-server at /usr/bin/redis-server).',
    );
    fireEvent.click(screen.getByTestId('scenario-card-hazelcast-get'));
    const note = screen.getByTestId('local-cluster-note');
    expect(note.textContent).toBe('No local Hazelcast cluster on this machine: java not found on PATH.');
    expect(note.getAttribute('role')).toBe('alert');
    type('target.localMembers', '0');
    expect(screen.getByTestId('local-cluster-note').getAttribute('role')).toBeNull();
    fireEvent.click(screen.getByTestId('scenario-card-kv-async'));
    fireEvent.click(screen.getByTestId('discard-edits'));
    expect(screen.queryByTestId('local-cluster-note')).toBeNull();
  });

  it("sets the local members' heap, and names a heap too small to hold a member", () => {
    renderPage();
    fireEvent.click(screen.getByTestId('scenario-card-hazelcast-get'));
    expect(field('target.memberHeapMb').placeholder).toBe(String(DEFAULT_MEMBER_HEAP_MB));
    type('target.memberHeapMb', '32');
    expect(screen.getByTestId('error-target.memberHeapMb').textContent).toMatch(/at least 64 MiB/);
    expect(startButton().disabled).toBe(true);
    type('target.memberHeapMb', '1024');
    expect(screen.queryByTestId('error-target.memberHeapMb')).toBeNull();
    expect((useKv.getState().editor.draft?.target as { memberHeapMb?: number }).memberHeapMb).toBe(1024);
  });

  it('offers the connection settings of the chosen target kind and its ops in the mix', () => {
    renderPage();
    fireEvent.click(screen.getByTestId('scenario-card-kv-async'));
    expect(screen.queryByTestId('field-target.password')).toBeNull();
    fireEvent.change(screen.getByTestId('field-target.kind'), { target: { value: 'redis' } });
    expect(field('target.port').placeholder).toBe('6379');
    expect(screen.getByTestId('field-target.password')).toBeTruthy();
    fireEvent.click(screen.getByTestId('mix-mode-mix'));
    expect(field('mix.get').value).toBe('1');
    type('mix.set', '-1');
    expect(screen.getByTestId('error-mix.set').textContent).toBe('must be ≥ 0');
    expect(startButton().disabled).toBe(true);
  });

  it('edits worker environment variables as rows and names a bad variable', () => {
    renderPage();
    fireEvent.click(screen.getByTestId('scenario-card-redis-mix'));
    fireEvent.click(screen.getByTestId('env-add'));
    fireEvent.change(screen.getByTestId('field-env-key-0'), { target: { value: 'UV THREADPOOL' } });
    fireEvent.change(screen.getByTestId('field-env-value-0'), { target: { value: '8' } });
    expect(screen.getByTestId('error-env.UV THREADPOOL').textContent).toMatch(/environment variable name/);
    fireEvent.change(screen.getByTestId('field-env-key-0'), { target: { value: 'UV_THREADPOOL_SIZE' } });
    expect(useKv.getState().editor.draft?.env).toEqual({ UV_THREADPOOL_SIZE: '8' });
    expect(startButton().disabled).toBe(false);
  });
});
