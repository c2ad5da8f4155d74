// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG } from '../../app/scenario/catalog';
import { CatalogList } from '../../renderer/src/components/scenarios/CatalogList';
import { catalogSections, needOf } from '../../renderer/src/components/scenarios/catalogGroups';
import { resetStore, useKv } from '../../renderer/src/store/store';
import { fakeBridge, wrapper } from './fixtures';

beforeEach(resetStore);
afterEach(cleanup);

const tools = {
  redis: { available: true, detail: 'redis-server at /usr/bin/redis-server' },
  hazelcast: { available: false, detail: 'java not found on PATH' },
};
const byName = (name: string) => CATALOG.find((s) => s.name === name)!;

describe('the catalog', () => {
  it('groups every scenario by target kind, built-in servers first, and searches name, description and kind', () => {
    const sections = catalogSections(CATALOG, '');
    expect(sections.map((s) => s.id)).toEqual(['builtin', 'redis', 'hazelcast', 'aerospike', 'ycsb']);
    const ycsb = sections.find((s) => s.id === 'ycsb')!;
    expect(ycsb.scenarios.map((s) => s.name)).toContain('ycsb-f-aerospike');
    expect(ycsb.note).toMatch(/^Workload E \(short range scans\) is not offered: redis: Redis keys have no order/);
    expect(sections.find((s) => s.id === 'redis')!.scenarios.some((s) => s.name?.startsWith('ycsb-'))).toBe(false);
    expect(sections.flatMap((s) => s.scenarios)).toHaveLength(CATALOG.length);
    expect(catalogSections(CATALOG, 'PIPELIN').flatMap((s) => s.scenarios.map((x) => x.name))).toEqual([
      'hazelcast-pipelining-payloads',
      'hazelcast-pipelining',
    ]);
    expect(catalogSections(CATALOG, 'nothing like this')).toEqual([]);
  });

  it('says what each scenario needs and whether this machine has it', () => {
    expect(needOf(byName('kv-async'), tools)).toEqual({ text: 'nothing: kvscope starts its own key-value server', has: true });
    expect(needOf(byName('redis-mix'), tools)).toEqual({ text: 'your Redis at 127.0.0.1:6379' });
    expect(needOf(byName('redis-cluster-mix'), tools)).toMatchObject({
      text: 'a local Redis Cluster of 3 masters, which kvscope starts (redis-server)',
      has: true,
    });
    expect(needOf(byName('hazelcast-get'), tools)).toMatchObject({ has: false, detail: 'java not found on PATH' });
    expect(needOf(byName('aerospike-50-50'), tools).text).toBe('your Aerospike at 127.0.0.1:3000');
  });

  it('shows the sections, the needs on each card, and filters as the user types', () => {
    useKv.setState({ catalog: [...CATALOG], localTools: tools });
    render(<CatalogList />, { wrapper: wrapper(fakeBridge().bridge) });
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'My scenarios',
      'Built-in servers',
      'Redis',
      'Hazelcast',
      'Aerospike',
      'YCSB core workloads',
    ]);
    expect(screen.getByTestId('catalog-section-ycsb').textContent).toContain('Workload E (short range scans) is not offered');
    expect(screen.getByTestId('need-hazelcast-read-heavy').textContent).toBe(
      '✗ Needs 2 local Hazelcast members, which kvscope starts (Java): not on this machine',
    );
    expect(screen.getByTestId('need-hazelcast-get').textContent).toBe(
      '✗ Needs 1 local Hazelcast member, which kvscope starts (Java): not on this machine',
    );
    expect(screen.getByTestId('need-redis-mix').getAttribute('data-has')).toBe('yours');
    fireEvent.change(screen.getByTestId('catalog-search'), { target: { value: 'redis' } });
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Redis', 'YCSB core workloads']);
  });
});
